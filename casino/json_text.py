"""JSON for the hot path of a live table: each change's views, as text for the channel layer and
read back by every process that renders them, and the digest of what a seat's board shows of its
own (``tables.outbox``). orjson writes and reads them several times faster than the standard
library (JSON was ~8 % of a six-seat table's server CPU, issue 49); what it cannot take (an
integer beyond 64 bits) falls back to the standard library, giving the same text to a reader."""

from __future__ import annotations

import json

import orjson

_COMPACT = orjson.OPT_NON_STR_KEYS
_SORTED = orjson.OPT_NON_STR_KEYS | orjson.OPT_SORT_KEYS


def dumps(value) -> str:
    """`value` as compact JSON text (what ``json.dumps(value, separators=(",", ":"))`` reads
    as)."""
    try:
        return orjson.dumps(value, option=_COMPACT).decode()
    except (orjson.JSONEncodeError, TypeError):
        return json.dumps(value, separators=(",", ":"))


def sorted_bytes(value) -> bytes:
    """`value` as JSON with its keys sorted (anything JSON has no type for as its ``str``):
    equal values give equal bytes, for a digest."""
    try:
        return orjson.dumps(value, option=_SORTED, default=str)
    except (orjson.JSONEncodeError, TypeError):
        return json.dumps(value, separators=(",", ":"), sort_keys=True, default=str).encode()


def loads(text: str | bytes):
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:  # (an integer beyond 64 bits: the standard library's)
        return json.loads(text)


def dumps_bytes(value) -> bytes:
    """`value` as compact JSON, UTF-8 bytes (a column's value for the database)."""
    try:
        return orjson.dumps(value, option=_COMPACT)
    except (orjson.JSONEncodeError, TypeError):
        return json.dumps(value, separators=(",", ":")).encode()
