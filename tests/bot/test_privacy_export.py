"""`/privacy export`'s file keeps to Discord's upload limit: the JSON as it is, gzip-compressed
when it is larger, refused (with the administrator's command named) when even that is."""

from __future__ import annotations

import gzip
import json

from bot.privacy.cog import EXPORT_NAME, TOO_LARGE, export_attachment

DATA = json.dumps({"games": [{"seats": ["Ann", "Bob"], "moves": list(range(500))}] * 40}).encode()


def test_an_export_within_the_limit_is_the_json_itself() -> None:
    assert export_attachment(DATA, len(DATA)) == (EXPORT_NAME, DATA)


def test_a_larger_export_is_compressed_and_whole() -> None:
    attachment = export_attachment(DATA, len(DATA) - 1)
    assert attachment is not None
    name, body = attachment
    assert name == f"{EXPORT_NAME}.gz" and len(body) < len(DATA)
    assert gzip.decompress(body) == DATA


def test_an_export_too_large_even_compressed_is_refused() -> None:
    assert export_attachment(DATA, 10) is None
    assert "python -m bot privacy export" in TOO_LARGE
