"""A player's notices: what an app tells one player on every page he has open (issue 45).

An app posts a notice (``notice_post``: the player, a key of its own, the template of its body
and that template's context in primitives, a link), sends it (``notices_send``, after commit:
it goes to the player's own group ``user.<id>``, which the header socket of every page joins,
and the time it was first sent is recorded and returned, so the app may count from then) and
closes it when it no longer holds (``notice_close``). Every page renders the open notices in
its header (``casino.context_processors``) and the header socket sends them whole again on
(re)connect and whenever one changes, so a page opened later shows them too. The platform
names no game and no app: what a notice says is the app's template.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone

from casino.models import Notice
from casino.realtime import group_send_all, user_group

NOTICES_CHANGED = "notice.changed"


def notice_post(*, player_id: int, key: str, template: str, context: dict, url: str) -> Notice:
    """Post (or, with the same key, reopen and update) a player's notice; it is not sent yet
    (``notices_send``). Idempotent: one notice a player and key."""
    with transaction.atomic():
        notice, created = Notice.objects.select_for_update().get_or_create(
            player_id=player_id,
            key=key,
            defaults={"template": template, "context": context, "url": url},
        )
        if not created:
            reopened = notice.closed_at is not None
            notice.template, notice.context, notice.url = template, context, url
            notice.closed_at = None
            fields = ["template", "context", "url", "closed_at"]
            if reopened:  # a new occasion under the same key: sent again, counted again
                notice.sent_at = None
                notice.shown_at = None
                fields += ["sent_at", "shown_at"]
            notice.save(update_fields=fields)
    return notice


def notices_send(*, key: str, now: dt.datetime | None = None) -> dict[int, dt.datetime]:
    """Send the open notices under ``key`` to their players' sockets now, and record when each
    was first sent. Returns {player id: when it was first sent}. Call after commit (outside a
    transaction): the players' pages must find the notice when the frame arrives."""
    now = now or timezone.now()
    notices = list(Notice.objects.filter(key=key, closed_at__isnull=True))
    Notice.objects.filter(pk__in=[n.pk for n in notices], sent_at__isnull=True).update(sent_at=now)
    group_send_all([(user_group(n.player_id), {"type": NOTICES_CHANGED}) for n in notices])
    return {n.player_id: n.sent_at or now for n in notices}


def notice_close(*, key: str, now: dt.datetime | None = None) -> None:
    """Close every open notice under ``key``; the players' pages drop it (after commit)."""
    now = now or timezone.now()
    players = list(
        Notice.objects.filter(key=key, closed_at__isnull=True).values_list("player_id", flat=True)
    )
    if not players:
        return
    Notice.objects.filter(key=key, closed_at__isnull=True).update(closed_at=now)
    messages = [(user_group(player_id), {"type": NOTICES_CHANGED}) for player_id in players]
    transaction.on_commit(lambda: group_send_all(messages), robust=True)


def open_notices(player_id: int) -> list[Notice]:
    return list(Notice.objects.filter(player_id=player_id, closed_at__isnull=True))


def notices_shown(notices: list[Notice], now: dt.datetime | None = None) -> None:
    """A page of the player has them: the first time is recorded."""
    ids = [n.pk for n in notices if n.shown_at is None]
    if ids:
        Notice.objects.filter(pk__in=ids, shown_at__isnull=True).update(
            shown_at=now or timezone.now()
        )


def notice_items(notices: list[Notice]) -> list[dict]:
    """What the header's notices region shows, in the active language: each body is its app's
    template, rendered with its context and the link as ``notice_url``."""
    return [
        {
            "id": n.pk,
            "key": n.key,
            "html": render_to_string(n.template, {**n.context, "notice_url": n.url}),
        }
        for n in notices
    ]


def render_notices(notices: list[Notice], *, oob: bool = False) -> str:
    """The header's notices region, whole (swapped out of band by the header socket)."""
    return render_to_string("casino/_notices.html", {"notices": notice_items(notices), "oob": oob})
