"""Notifications to players' own websocket groups. Payloads are primitives, sent after commit."""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


LOBBY_GROUP = "lobby"


def announce_balances(changes: list[tuple[int, str, int]]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    for owner_id, currency, balance in changes:
        async_to_sync(layer.group_send)(
            user_group(owner_id),
            {"type": "wallet.balance", "currency": currency, "balance": balance},
        )
