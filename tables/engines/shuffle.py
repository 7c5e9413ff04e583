"""Shuffle commitment: when a hand starts the table publishes sha256(deck order + secret); when
it ends it reveals both, so anyone can check that the cards dealt were the cards committed to."""

import hashlib
import secrets


def new_secret() -> str:
    return secrets.token_hex(16)


def commitment(deck_record: str, secret: str) -> str:
    return hashlib.sha256(f"{deck_record}|{secret}".encode()).hexdigest()


def verify(deck_record: str, secret: str, published: str) -> bool:
    return secrets.compare_digest(commitment(deck_record, secret), published)
