"""JSON out of the server: orjson (ten times quicker than json.dumps on a big view), with
json.dumps for anything orjson will not take (an int past 64 bits, an unusual type)."""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(data: Any) -> bytes:
    """Compact JSON as UTF-8 bytes: what ``json.dumps(data, separators=(",", ":"),
    ensure_ascii=False)`` gives, in the same order."""
    try:
        return orjson.dumps(data, option=_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
