from tests.fakebotapi.fixtures import fake_telegram  # noqa: F401
