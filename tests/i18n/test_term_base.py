"""One word per thing (chatbot/i18n/term_base.py): no catalog uses a word its language
replaced, each replaced word is found when it comes back, and the language's document
(docs/i18n/<lang>.md) names every word the check looks for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chatbot.i18n.term_base import AVOID, Avoid, forbidden_alternates

DOCS = Path(__file__).resolve().parents[2] / "docs" / "i18n"
ALL = [(locale, avoid) for locale, avoids in AVOID.items() for avoid in avoids]

# The old line each word was found in (issue 36), fed back to the pattern.
OLD_LINES: dict[str, str] = {
    "encoberta": "você pode jogar uma carta fechada (encoberta)",
    "estragada": "Uma rodada fica estragada quando",
    "ligado/desligado": "• Flor: desligada; simples; ou com contraflor",
    "Tentos": "Tentos do envido: {voices}",
    "mandar suas mãos": "não vou mais mandar suas mãos aqui",
    "a time": "a segunda time pode responder",
    "Ir ao monte (botão)": "Ir ao monte",
    "carta fechada (jogada)": "{player} joga uma carta fechada.",
    "lado (time)": "o primeiro lado a chegar a 12 pontos ganha a partida",
    "governador": "Só o governador pode dar instruções.",
    "nova distribuição": "Pedir nova distribuição",
    "pontuação (rating)": "Pontuação, {family}: {rating} após {n} jogos",
    "vitória sua": "Fim de jogo: vitória sua por {score_a} a {score_b}.",
    "pedir put": "o lugar {seat} não pode pedir put: já houve um put nesta mão",
    "eles marcam (botão)": "Corro! (eles marcam 1 ponto)",
    "a sós": "treinar a sós contra o bot",
    "علامت": "سرِ این میز علامت دادن بازی نمی‌شود.",
    "برگ": "{n} برگِ بسته گرفتید.",
    "کارت": "تنظیم‌نشده: کارت‌ها به صورتِ متن نشان داده می‌شوند",
    "خاموش": "اشاره‌ها: خاموش",
    "کنار کشیدن": "محتاط: زود از بالا بردن شرط کنار می‌کشد",
    "دور آهنی": "این دورِ آهنی است",
    "ماله": "(ماله‌ها ۱ تا ۱۵، بوئناها ۱۶ تا ۳۰)",
    "بوئنا": "(ماله‌ها ۱ تا ۱۵، بوئناها ۱۶ تا ۳۰)",
    "تیم خواننده": "و تیمِ خواننده ارزشِ پیش از درخواست را می‌گیرد",
    "کون فلور": "«کون فلور مه آچیکو»",
    "تیم A": "پیوستن به تیمِ A",
    "بازی‌های برده": "بازی‌های برده در این گفت‌وگو: {scores}",
    "دور انداختن": "{player} ورق‌ها را بسته دور انداخت: {n} ورق.",
    "قبول نیست": "قبول نیست!",
    "ورق دادن دوباره": "{player} ورق دادن دوباره خواست.",
    "وارو": "می‌توانید ورقی را وارو بازی کنید",
    "سخت‌گیر": "سخت‌گیر",
    "بازی یاری": "در بازی یاری، اشاره کردن ورق‌هایتان به یار مجاز است",
    "برنده شما": "پایان بازی: برنده شما، {score_a} بر {score_b}.",
    "گفتگو": "اول با ربات گفتگویی را شروع کنید",
    "این‌جا": "از این به بعد این‌جا فارسی حرف می‌زنم.",
    "گیم": "گیم ختم ہو چکا ہے۔",
    "بھاگ": "بھاگ جائیں: ان پتّوں سے یہ بازی جیتنے کا امکان کم ہے۔",
    "نہیں منظور": "نہیں منظور",
    "لے ٹرک": "پاؤلسٹا، مینیرو، ارجنٹائنی، لے ٹرک اور پٹ۔",
    "ال ریسٹو": "کنٹرا فلور ال ریسٹو!",
    "بگڑا": "• پہلا ہاتھ بگڑا: جو دوسرا ہاتھ جیتے",
    "کی طرف کو": "اپنا فلور بولیں: اس سے آپ کی طرف کو پوائنٹ ملتے ہیں۔",
    "چلو": "اپنا سب سے اونچا پتّا چلو (مثلاً “اپنا یکّا چلو”)",
    "فریق": "ہر بولی کا جواب ہمیشہ دوسرے فریق کا کپتان دیتا ہے۔",
    "قیمت": "منظور: بازی اب نئی قیمت کی ہے اور کھیل جاری رہتا ہے۔",
    "کنارہ": "باقی ہر کھلاڑی باری باری رکتا ہے یا کنارہ کر لیتا ہے۔",
    "مانیلے": "مانیلے ({mark})، بڑے سے چھوٹے: {cards}",
    "اونچا / نیچا": "اپنا سب سے اونچا پتّا چلیں، اپنا سب سے نیچا پتّا چلیں",
    "سخت گیر": "سخت گیر: صرف مضبوط پتّوں کے ساتھ بولی بڑھاتا یا منظور کرتا ہے۔",
    "اسکور میں جڑنا": "یہ پوائنٹ بازی ختم ہونے پر اسکور میں جڑیں گے۔",
    "اپڈیٹ": "کئی پروسیس: اپڈیٹس وصول کرتا ہے",
    "« »": "(دیکھیے «چار یا زیادہ کھلاڑی»)",
    "انویڈو کے نمبر": "بولیں: آپ کے انویڈو کے نمبر اچھے ہیں۔",
    "«انکار:»": "منظور: اب 6 کی۔ انکار: آپ کے فریق کو 4 ملتے ہیں۔",
    "حصہ": "بلف کھیل کا حصہ ہے",
    "«پتہ»": "TRUCO_DATABASE_URL کسی ڈیٹابیس کا پتہ نہیں ہے: {path}",
    "«سیٹ نہیں:»": "سیٹ نہیں: کوئی نہیں",
    "لوہے کی بازی": "یہ لوہے کی بازی ہے: کوئی اپنے پتّے نہیں دیکھ سکتا۔",
    "پوری گڈّی": "گڈّی: پوری",
    "لاپروا": "لاپروا: تقریباً ہر بولی منظور کر لیتا ہے",
    "ڈیفالٹ": "کتنے کھلاڑی، آپ سمیت (ڈیفالٹ: 2)",
    "دوبارہ بانٹنے کا کہنا": "کسی نے دوبارہ بانٹنے کا نہیں کہا۔",
    "«مانو کی ٹیم»": "تینوں ہاتھ برابر: مانو کی ٹیم بازی جیتتی ہے۔",
    "«بازی چھوڑ دی!» (بٹن)": "بازی چھوڑ دی: مخالف کو {n} پوائنٹ",
    "«یہ بازی منظور»": "یہ بازی منظور!",
    "صاف گڈّی": "صاف گڈّی میں تِکّی کے بعد بیگم آتی ہے۔",
    "آپشنز": "آپشنز",
    "بولی کے درجے": "بولی کے درجے:",
    "بوسے کو": "بوسے کو سکڑے ہونٹ",
    "اصلی کھلاڑی": "اصلی کھلاڑیوں کے خلاف کھیل: {games}، جیتے: {wins}",
    "ہار مان لی (son buenas)": "{player}: ہار مان لی",
    "اشارہ دیکھنا (مخالف)": "اشارے: مخالف دیکھ سکتے ہیں",
    "পার্টনার": "{card} পার্টনারকে দিন",
    "পাট": "{player} পাট ডাকল!",
    "তিরি": "একটা তিরি",
    "দুরি": "একটা দুরি",
    "টেবিলের নিয়ম": "চালের সময়সীমা টেলিগ্রাম টেবিলের একটি নিয়ম",
    "তোমার": "{player} পার্টনারকে বলল: তোমার সবচেয়ে বড় তাসটি খেলো।",
    "নষ্ট পিট": "একটি পিট নষ্ট (ড্র) হয়",
    "একটা": "বড় প্যাকেট (৪০টা তাস)",
    "আপনাদের (a hint)": "এই দান খেলুন: আপনাদের তাস যথেষ্ট ভালো।",
    "ঘোষণা": "{player} ফ্লোর ঘোষণা করল!",
    "পুট-বলিয়ে": "সবাই সরে গেলে পুট-বলিয়ে ১ পায় আর দান শেষ।",
    "ওরা": "{answer} (ওরা পাবে {n} পয়েন্ট)",
    "পালালাম (বোতাম)": "এই দান থেকে পালালাম (প্রতিপক্ষ পাবে {n} পয়েন্ট)",
    "এনভিডোর পয়েন্ট (count)": "ডাকুন: আপনার এনভিডোর পয়েন্ট ভালো।",
    "যিনি / তিনি": "এটি শুধু যিনি টেবিলটি খুলেছেন তিনি, বা গ্রুপের অ্যাডমিন করতে পারেন।",
    "ছয়! / দশ! / বারো!": "{player} দশ ডাকল!",
    "ক আর খ": "পিট ধরে ধরে (ক আর খ দুটি দল):",
    "তুললেন আপনি": "{number} নম্বর পিট তুললেন আপনি।",
    "এবার দান (ডাক)": "{player}: {call} এবার দান {n} পয়েন্টের।",
    "ওটাই বড়": "{player}: ওটাই বড়",
    "টস": "• প্রথম দানের আগে টস করে ঠিক হয় কে তাস বাঁটবে।",
    "যোগ দিন (বোতাম)": "দল A-তে যোগ দিন",
    "পরিষ্কার প্যাকেট": "• প্যাকেট: পুরো, ৪০টি তাস; বা ছোট, ২৪টি তাস",
    "ট্রুকো রাজি হয়ে": "আপনি “{call}” ডাকতে পারবেন না: ট্রুকো আগেই রাজি হয়ে গেছে।",
    "রাজা": "{suit} রাজা",
    "হার মানলাম": "{player}: হার মানলাম",
    "নওলা": "{suit} নওলা",
    "জ্যাপ": "১. ♣ চিড়িতন: জ্যাপ",
    "লটারি": "• প্রথম দানের আগে লটারিতে ঠিক হয় কে তাস বাঁটবে।",
    "দেখা পুট": "দান যে জেতে সে ১ পয়েন্ট পায়, বা দেখা পুটের পর পুরো গেম",
    "মেনে নেওয়া": "মেনে নেওয়া ডাক: {accepted}, জেতা {won}; পালানো: {runs}",
    "জবাব": "আসন {seat}: “{chain}” ডাকের পরে “{call}” দিয়ে জবাব দেওয়া যায় না",
    "অপশন": "অপশন: {options}",
    "ব্যক্তিগত চ্যাট": "সেট না থাকলে: ওয়েব টেবিল শুধু ব্যক্তিগত চ্যাট থেকে খোলে",
    "খালি (unset)": "খালি: তাস লেখা হিসেবে দেখানো হয়",
    "তত্ত্বাবধায়ক": "এই প্রসেসের /health ও /ready ঠিকানার পোর্ট, কোনো তত্ত্বাবধায়কের জন্য",
    "এখনো": "এগিয়ে থাকা দলের জিততে এখনো যত পয়েন্ট লাগে",
    "খেলা শেষ": "খেলা শেষ: আপনি {n} পয়েন্ট নিয়ে জিতলেন।",
    "বনাম (স্কোর)": "খেলা শেষ: {team} জিতল, {score_a} বনাম {score_b}।",
    "আগে থেকে ঠিক করা": "• বড় প্যাকেট (আগে থেকে ঠিক করা): ৪০টি তাস",
    "আঁটসাঁট / ঢিলেঢালা": "আঁটসাঁট: শুধু জোরালো তাস থাকলেই ডাক বাড়ায় বা রাজি হয়।",
    "প্রত্যেকে নিজের জন্য": "{n} জন খেলোয়াড়, প্রত্যেকে নিজের জন্য",
}


@pytest.mark.parametrize("locale", list(AVOID))
def test_no_replaced_word_in_the_catalog(locale: str) -> None:
    assert forbidden_alternates(locale) == []


@pytest.mark.parametrize(("locale", "avoid"), ALL, ids=[a.word for _, a in ALL])
def test_the_check_finds_the_old_line(locale: str, avoid: Avoid) -> None:
    assert re.search(avoid.pattern, OLD_LINES[avoid.word])


@pytest.mark.parametrize(("locale", "avoid"), ALL, ids=[a.word for _, a in ALL])
def test_the_language_document_names_the_word(locale: str, avoid: Avoid) -> None:
    """The term base in docs/i18n/<lang>.md lists what CI refuses, and what to write."""
    assert avoid.word in (DOCS / f"{locale}.md").read_text()


def test_words_that_only_look_alike_pass() -> None:
    avoid = {a.word: a.pattern for _, a in ALL}
    assert not re.search(avoid["برگ"], "{player} برگشت؛ تا برگردد")
    assert not re.search(avoid["دور انداختن"], "دورِ بعد؛ از این دور بیرون می‌روم")
    assert not re.search(avoid["برنده شما"], "برندهٔ این دور: شما (۱ امتیاز).")
    assert not re.search(avoid["পাট"], "পাটিগণিত")
    assert not re.search(avoid["তোমার"], "খেলোয়াড়")
    assert not re.search(avoid["lado (time)"], "nunca lado a lado; cada um pelo seu lado")
    assert not re.search(avoid["একটা"], "আট্টা, ফাল্টা এনভিডো, অনেকটা, বাঁটা")
    assert not re.search(avoid["ال ریسٹو"], "کنٹرا فلور آل ریسٹو!")
    assert not re.search(avoid["چلو"], "پتّا چلیں؛ ہاتھ چلوانا")
    assert not re.search(avoid["টস"], "/stats: আপনার স্ট্যাটস")
    assert not re.search(avoid["যিনি / তিনি"], "তিনটি পিট; তিনজন")
    assert not re.search(avoid["পালালাম (বোতাম)"], "দেখলামের পরে; পালালামই ভালো")
    assert not re.search(avoid["ছয়! / দশ! / বারো!"], "“ছয় পয়েন্ট!”; {player} দশ পয়েন্ট ডাকল!")
