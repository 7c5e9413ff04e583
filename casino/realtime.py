"""Notifications to players' own websocket groups. Payloads are primitives, sent after commit."""

import asyncio
import logging

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

log = logging.getLogger(__name__)

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


def group_send_all(messages: list[tuple[str, dict]]) -> None:
    """Send (group, message) pairs in order, in one hop to the event loop, from sync code.

    In a server's worker thread the sends run on the server's loop; once that loop has stopped
    (shutdown) nobody is left to tell, and waiting on it would hang the process's exit. Groups
    nobody in this process can hear (in-memory layer) are skipped.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    messages = [(group, message) for group, message in messages if has_listeners(layer, group)]
    if not messages:
        return

    async def send_all():
        for group, message in messages:
            await layer.group_send(group, message)

    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if loop is None:  # no server loop here (a command, a sync test): a loop of our own
        async_to_sync(send_all)()
        return
    if not loop.is_running():
        log.info("not broadcast: the server is stopping")
        return
    future = asyncio.run_coroutine_threadsafe(send_all(), loop)
    while True:
        try:
            future.result(timeout=0.1)
            return
        except TimeoutError:
            if not loop.is_running():  # stopped while we waited: it will never run the sends
                future.cancel()
                log.info("not broadcast: the server is stopping")
                return


def announce_balances(changes: list[tuple[int, str, int]]) -> None:
    group_send_all(
        [
            (
                user_group(owner_id),
                {"type": "wallet.balance", "currency": currency, "balance": balance},
            )
            for owner_id, currency, balance in changes
        ]
    )
