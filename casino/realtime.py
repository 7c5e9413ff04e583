"""Notifications to players' own websocket groups. Payloads are primitives, sent after commit."""

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

LOBBY_GROUP = "lobby"


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def has_listeners(layer, group: str) -> bool:
    """The in-memory layer lives in this process only: a group nobody here joined has no one to
    hear it, so the send (a thread and an event loop from plain sync code) is skipped. Other
    layers reach every process and are always sent to."""
    if isinstance(layer, InMemoryChannelLayer):
        return bool(layer.groups.get(group))
    return True


def announce_balances(changes: list[tuple[int, str, int]]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    for owner_id, currency, balance in changes:
        group = user_group(owner_id)
        if has_listeners(layer, group):
            async_to_sync(layer.group_send)(
                group, {"type": "wallet.balance", "currency": currency, "balance": balance}
            )
