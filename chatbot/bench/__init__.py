"""Benchmarks: commands that print figures as JSON, run on demand (never in CI's pass/fail)."""
