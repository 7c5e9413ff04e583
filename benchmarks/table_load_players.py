"""The load generator of `benchmarks/table_load.py` (a separate process: asyncio + websockets, no
Django): reading a board's frames, each game's choice of a legal action from what the board
shows, a player's socket (`Sock`), a table's two or more players (`TableDriver`), and the phases."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import os
import random
import re
import time
import traceback
import uuid
from pathlib import Path

import benchmarks as common
from benchmarks.table_load_setups import (
    ACTION_TIMEOUT,
    CONNECT_CONCURRENCY,
    GAME_PACE,
    MEMORY_TABLES,
    PACE_SECONDS,
    TABLES,
)
from benchmarks.table_load_world import _cpu_seconds, _rss_kb
from tables.board_frames import apply_frame, split_frame

# --- the load generator (a separate process: asyncio + websockets, no Django) --------------------

BOARD = re.compile(r'<div id="table-board"([^>]*)>')
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
# (a board of a server before issue 30 has no version marker: its element's version counts)
BOARD_VERSION = re.compile(r'<div id="table-board"[^>]*data-version="(\d+)"')
VERSION_MARKER = re.compile(r'id="board-version"[^>]*data-version="(\d+)"')
TAG = re.compile(r"<(input|label)\b([^>]*)>")
READY = re.compile(r'name="type" value="ready"')


def board_attrs(frame: str) -> dict[str, str] | None:
    match = BOARD.search(frame)
    return dict(ATTR.findall(match.group(1))) if match else None


BET_FORM = re.compile(r'<form[^>]*id="bet-form"[^>]*>(.*?)</form>', re.S)
# a money box's smallest stake, as a person types it (the kit's data-low, in major units)
SMALLEST_STAKE = re.compile(r'name="amount"[^>]*data-low="([^"]+)"')


def highcard_choice(frame: str, rng: random.Random) -> dict | None:
    """High card (the 6-seat test game), and any board whose bet form is `#bet-form` (the
    twenty-one games'): bet the minimum, or now and then pass, when this socket's board offers
    its bet form."""
    attrs = board_attrs(frame) or {}
    if attrs.get("data-my-turn") != "1":
        return None
    form = BET_FORM.search(frame)
    if form is None:
        return None
    amount = SMALLEST_STAKE.search(form.group(1))
    if amount is None or rng.random() < 0.2:
        return {"type": "act", "action": "pass", "payload": {}}
    return {"type": "act", "action": "bet", "payload": {"amount": amount.group(1)}}


ACTION_BUTTON = re.compile(r'data-action="([a-z_]+)"')


def baccarat_choice(frame: str, rng: random.Random) -> dict | None:
    """Baccarat with a player bank: from the buttons this socket's board shows, bid or open the
    minimum, bet the minimum (now and then pass), deal, leave the chocolate in, and draw or
    stand on 5 at random; never sell or take half the bank."""
    attrs = board_attrs(frame) or {}
    if attrs.get("data-my-turn") != "1":
        return None
    shown = set(ACTION_BUTTON.findall(frame))

    def with_minimum(kind: str) -> dict | None:
        form = re.search(rf'<form[^>]*id="{kind}-form"[^>]*>(.*?)</form>', frame, re.S)
        amount = form and SMALLEST_STAKE.search(form.group(1))
        return (
            {"type": "act", "action": kind, "payload": {"amount": amount.group(1)}}
            if amount
            else None
        )

    for kind in ("open", "bid", "bet"):
        if kind in shown and (kind == "open" or rng.random() < 0.8):
            return with_minimum(kind)
    for kind in ("pass", "deal", "no_chocolate"):
        if kind in shown:
            return {"type": "act", "action": kind, "payload": {}}
    if shown & {"draw", "stand"}:
        return {"type": "act", "action": rng.choice(["draw", "stand"]), "payload": {}}
    if "decline" in shown:
        return {"type": "act", "action": "decline", "payload": {}}
    return None


WS_FORM = re.compile(r"<form\b([^>]*\bws-send\b[^>]*)>(.*?)</form>", re.S)
INPUT = re.compile(r"<input\b([^>]*)>")


def submitted_forms(frame: str, rng: random.Random) -> list[dict]:
    """The fields a browser submits with each enabled `ws-send` form of a board: the hidden
    fields, a number field at its minimum, as many boxes ticked at random as the form's
    data-ticks allows (none if it says nothing)."""
    forms = []
    for form_attrs, body in WS_FORM.findall(frame):
        if re.search(r"\bdisabled\b", form_attrs):
            continue
        fields: dict = {}
        boxes: dict[str, list[str]] = {}
        for raw in INPUT.findall(body):
            tag = dict(ATTR.findall(raw))
            kind, name = tag.get("type", "text"), tag.get("name")
            if not name or re.search(r"\bdisabled\b", raw):
                continue
            if kind == "checkbox":
                boxes.setdefault(name, []).append(tag.get("value", ""))
            elif kind == "number":
                fields[name] = tag.get("min") or tag.get("value", "")
            else:
                fields[name] = tag.get("value", "")
        ticks = [int(n) for n in dict(ATTR.findall(form_attrs)).get("data-ticks", "0").split()]
        for name, values in boxes.items():
            fields[name] = rng.sample(values, min(len(values), rng.choice(ticks or [0])))
        forms.append(fields)
    return forms


def act_frame(fields: dict) -> dict:
    """The `act` frame of a submitted form's fields: its action, turn and version beside the
    payload (the other fields)."""
    fields = dict(fields)
    frame_out = {"type": "act", "action": fields.pop("action", ""), "payload": {}}
    for key in ("turn", "version"):
        if key in fields:
            frame_out[key] = fields.pop(key)
    fields.pop("type", None)
    fields.pop("client_action_id", None)
    frame_out["payload"] = fields
    return frame_out


def form_choice(frame: str, rng: random.Random) -> dict | None:
    """Any game: press one of the buttons this socket's board offers, as a browser submits its
    form (`submitted_forms`), preferring a game action to "ready"; never sit, leave or sit
    out. None when the board offers nothing."""
    attrs = board_attrs(frame) or {}
    acts, ready = [], None
    for fields in submitted_forms(frame, rng):
        if fields.get("type") == "ready" and attrs.get("data-status") == "open":
            ready = {"type": "ready"}
        elif fields.get("type") == "act" and attrs.get("data-my-turn") == "1":
            acts.append(fields)
    if acts:
        return act_frame(rng.choice(acts))
    return ready


# the total of the hand a twenty-one board's box plays now ("7/17": soft, the best after "/")
PLAYING_TOTAL = re.compile(
    r'<li class="tw-hand playing[^"]*"(?:(?!</li>).)*?class="house-total tw-total[^"]*"[^>]*>'
    r"([^<]+)<",
    re.S,
)
STAND_FROM = 17  # a twenty-one hand stands from this total, so that hands end


def twentyone_choice(frame: str, rng: random.Random) -> dict | None:
    """Blackjack and every game on its board (tables/_twentyone_board.html), from the forms this
    socket's board shows: cut a new shoe at random; answer the box owner's double or split with
    decline or stay; say done to insurance, even money, surrender and any choice before play;
    on a hand stand from 17, else hit (Pontoon: twist) or stand at random, and where standing is
    not offered (Pontoon below 15) its forms decide; at betting the own box's minimum or
    now and then a pass (`highcard_choice`), and pass where betting stays open after a bet.
    A turn it knows nothing of is played by its forms (`form_choice`), so no table stalls."""
    attrs = board_attrs(frame) or {}
    if attrs.get("data-my-turn") != "1":
        return form_choice(frame, rng)  # "ready" at an open table, else nothing
    offered: dict[str, list[dict]] = {}
    for fields in submitted_forms(frame, rng):
        if fields.get("type") == "act":
            offered.setdefault(fields.get("action", ""), []).append(fields)
    if "cut" in offered:  # the "at random" button: no `at`
        return act_frame(min(offered["cut"], key=lambda fields: "at" in fields))
    for kind in ("decline", "stay", "done"):
        if kind in offered:
            return act_frame(offered[kind][0])
    if "stand" in offered:
        shown = PLAYING_TOTAL.search(frame)
        best = max(map(int, re.findall(r"\d+", shown.group(1))), default=0) if shown else 0
        draw = next((kind for kind in ("hit", "twist") if kind in offered), None)
        hit = draw is not None and best < STAND_FROM and rng.random() < 0.5
        return act_frame(offered[draw if hit else "stand"][0])
    bet = highcard_choice(frame, rng)
    if bet is not None:
        return bet
    if "pass" in offered:
        return act_frame(offered["pass"][0])
    return form_choice(frame, rng)


ANTE_FORM = re.compile(r'<form[^>]*id="ante-form"[^>]*>(.*?)</form>', re.S)


def stud_choice(frame: str, rng: random.Random) -> dict | None:
    """The stud games' board (tables/stud/board.html): ante the minimum on your own box (now
    and then pass); on a box, bet mostly, else fold (a card change needs a card picked: its
    form is left alone); take the ante paid rather than buy a game; the dealer cuts. A turn
    it knows nothing of is played by its forms (`form_choice`)."""
    attrs = board_attrs(frame) or {}
    if attrs.get("data-my-turn") != "1":
        return form_choice(frame, rng)
    form = ANTE_FORM.search(frame)
    if form is not None:
        amount = SMALLEST_STAKE.search(form.group(1))
        if amount is not None and rng.random() < 0.9:
            return {"type": "act", "action": "ante", "payload": {"amount": amount.group(1)}}
    offered: dict[str, list[dict]] = {}
    for fields in submitted_forms(frame, rng):
        if fields.get("type") == "act":
            offered.setdefault(fields.get("action", ""), []).append(fields)
    if "bet" in offered and rng.random() < 0.8:
        return act_frame(offered["bet"][0])
    for kind in ("fold", "no_game", "done"):
        if kind in offered:
            return act_frame(offered[kind][0])
    if "cut" in offered:
        return act_frame(min(offered["cut"], key=lambda fields: "at" in fields))
    return form_choice(frame, rng)


CHOOSERS = {
    "caribbean_stud": "stud_choice",
    "oasis_stud": "stud_choice",
    "golden_oasis": "stud_choice",
    "highcard": "highcard_choice",
    "blackjack": "twentyone_choice",
    "blackjack_switch": "twentyone_choice",
    "pontoon": "twentyone_choice",
    "baccarat": "baccarat_choice",
    "baccarat_bank": "baccarat_choice",
    "khrap": "form_choice",
    "belarusian_poker": "form_choice",
    "big_stud": "form_choice",
    "craps": "craps_choice",
}


CRAPS_BET_CHANCE = 0.3  # a player awaited at craps bets (one area at random), else is done


def craps_choice(frame: str, rng: random.Random) -> dict | None:
    """Craps from its board's forms: the shooter with the dice rolls (a new shooter picks two of
    the five dice offered); a player in the betting window now and then bets the least on an
    area the board offers, else says done; nothing else (no take-downs, no passing the dice),
    so that rolls follow each other."""
    attrs = board_attrs(frame) or {}
    if attrs.get("data-my-turn") != "1":
        return form_choice(frame, rng)
    by_action: dict[str, list[dict]] = {}
    for fields in submitted_forms(frame, rng):
        if fields.get("type") == "act":
            by_action.setdefault(fields.get("action", ""), []).append(fields)
    if "roll" in by_action:
        fields = dict(by_action["roll"][0])
        if "dice" in fields:  # a new shooter: two of the five
            fields["dice"] = ["1", "2"]
        return act_frame(fields)
    if by_action.get("bet") and rng.random() < CRAPS_BET_CHANCE:
        return act_frame(rng.choice(by_action["bet"]))
    if "done" in by_action:
        return act_frame(by_action["done"][0])
    return form_choice(frame, rng)


def board_choice(frame: str, rng: random.Random) -> dict | None:
    """The frame to send for a board where it is this socket's turn (or None: nothing legal
    shown). Reads only what a player sees: the hand form's enabled inputs, the cards each
    playable card beats (data-beats), and whether the Take and Done forms are there."""
    attrs = board_attrs(frame) or {}
    if attrs.get("data-status") == "open" and READY.search(frame):
        return {"type": "ready"}
    if attrs.get("data-my-turn") != "1":
        return None
    hand = frame.split('id="hand-form"', 1)
    hand_html = hand[1].split("</form>", 1)[0] if len(hand) == 2 else ""
    attack: list[str] = []
    defend: list[tuple[str, str]] = []
    for kind, raw in TAG.findall(hand_html):
        tag = dict(ATTR.findall(raw))
        if kind == "label" and tag.get("data-beats", "").strip() and tag.get("data-card"):
            for target in tag["data-beats"].split():
                defend.append((tag["data-card"], target))
        elif kind == "input" and tag.get("name") == "cards" and not re.search(r"\bdisabled\b", raw):
            attack.append(tag["value"])
    can_take = 'id="take-form"' in frame
    can_done = 'id="done-form"' in frame
    if defend and (not can_take or rng.random() < 0.6):
        card, target = rng.choice(defend)
        return {"type": "act", "action": "defend", "payload": {"card": card, "target": target}}
    if can_take:
        return {"type": "act", "action": "take", "payload": {}}
    if can_done and (not attack or rng.random() < 0.4):
        return {"type": "act", "action": "done", "payload": {}}
    if attack:
        return {"type": "act", "action": "attack", "payload": {"cards": [rng.choice(attack)]}}
    return None


class Sock:
    """One client socket: a reader task keeps the newest version seen and when it arrived."""

    # what every socket of this load generator received (a phase reads them at its start and end)
    received_bytes = 0
    received_frames = 0
    # what the bytes received were, by part (issue 49): a whole board, or each part of a frame of
    # parts by its id, a seat's or a numbered area's number left out ("board-seat-*")
    part_bytes: collections.Counter = collections.Counter()

    def __init__(self, owner: TableDriver, url: str, cookie: str, origin: str, echo: bool):
        self.owner, self.url, self.cookie, self.origin, self.echo = owner, url, cookie, origin, echo
        self.version = 0 if echo else -1  # echo: the sequence number of the last message
        self.frame = ""
        self.errors: list[str] = []
        self.watch: int | None = None  # the version an action was sent at
        self.watch_time: float | None = None  # when a newer one arrived
        self.closed = False

    async def open(self, retries: int = 0) -> None:
        """Connect; a handshake the server dropped is tried again up to `retries` times, a
        second later each time, as the browser's websocket extension reconnects (counted in
        `self.retried`)."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import InvalidHandshake

        self.retried = 0
        while True:
            try:
                self.ws = await connect(
                    self.url,
                    origin=self.origin,
                    additional_headers=[("Cookie", self.cookie)],
                    proxy=None,
                    open_timeout=60,
                    ping_interval=None,
                    max_queue=None,
                )
                break
            except (OSError, TimeoutError, InvalidHandshake):
                if self.retried >= retries:
                    raise
                self.retried += 1
                await asyncio.sleep(1.0)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.ws:
                now = time.perf_counter()
                Sock.received_bytes += len(message.encode())
                Sock.received_frames += 1
                if self.echo and not message.lstrip().startswith("<"):
                    version = json.loads(message)["payload"]["seq"]
                else:  # a board (the echo's BENCH_ECHO_FLOOR=render numbers its boards)
                    if 'id="table-error"' in message:
                        text = re.sub(r"<[^>]+>", " ", message)
                        self.errors.append(" ".join(text.split())[:200])
                        self.owner.changed.set()
                        continue
                    # a whole board or the parts of one that changed (issues 30 and 49): both
                    # carry the version marker; the moves are read from the board as the
                    # browser keeps it, the parts swapped in
                    marker = VERSION_MARKER.search(message) or BOARD_VERSION.search(message)
                    if marker is None:
                        continue
                    version = int(marker.group(1))
                    if BOARD.search(message) is None:
                        _count_parts(message)
                        message = apply_frame(self.frame, message)
                    else:
                        Sock.part_bytes["(whole boards)"] += len(message.encode())
                if version > self.version:
                    self.version = version
                    self.frame = message
                    if self.watch is not None and version > self.watch and self.watch_time is None:
                        self.watch_time = now
                    self.owner.changed.set()
        except Exception as exc:  # a closed connection ends the reader; the driver notices
            if not self.owner.closing:
                self.errors.append(f"socket closed: {exc!r}")
        finally:
            self.closed = True
            self.owner.changed.set()

    async def send(self, frame: dict) -> None:
        await self.ws.send(json.dumps(frame))


NUMBERED_PART = re.compile(r"-\d+$")


def _count_parts(frame: str) -> None:
    for ident, element in split_frame(frame):
        Sock.part_bytes[NUMBERED_PART.sub("-*", ident)] += len(element.encode())


class TableDriver:
    """Both sockets of one table and the loop that plays it."""

    def __init__(
        self, index: int, spec: dict, base: str | list[str], echo: bool, seed: int, game="durak"
    ):
        """`base`: host:port of the server, or of each server (several processes): the table's
        sockets are spread over them in turn, from a different one for each table."""
        self.index = index
        self.choose = globals()[CHOOSERS.get(spec.get("game", game), "board_choice")]
        self.table_id = spec["table"]
        self.echo = echo
        self.rng = random.Random(seed)
        self.changed = asyncio.Event()
        self.closing = False
        path = f"/ws/echo/{self.table_id}/" if echo else f"/ws/table/{self.table_id}/"
        bases = [base] if isinstance(base, str) else list(base)
        self.socks = []
        for n, cookie in enumerate(spec["cookies"]):
            host = bases[(index + n) % len(bases)]
            self.socks.append(Sock(self, f"ws://{host}{path}", cookie, f"http://{host}", echo))
        self.turn = 0  # echo: who sends next
        self.applied = 0  # engine actions seen applied (both sockets saw a newer version)
        self.readies = 0
        self.records: list[tuple[float, float]] = []  # (sent at, latency s)
        self.lost: list[str] = []
        self.failures: list[str] = []

    async def until(self, condition, timeout: float) -> bool:
        deadline = time.perf_counter() + timeout
        while not condition():
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return False
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), remaining)
            except TimeoutError:
                return condition()
        return True

    def settled(self) -> bool:
        versions = {s.version for s in self.socks}
        return (len(versions) == 1 and min(versions) >= 0) or any(s.closed for s in self.socks)

    def _errors(self) -> int:
        return sum(len(s.errors) for s in self.socks)

    connect_retries = 0  # how often a socket's dropped handshake is tried again (Sock.open)

    async def open(self) -> None:
        for sock in self.socks:
            await sock.open(self.connect_retries)
        if self.echo:
            return
        if not await self.until(lambda: all(s.version >= 0 for s in self.socks), ACTION_TIMEOUT):
            self.failures.append(f"table {self.table_id}: no board on connect")
            return
        for sock in self.socks:
            before = max(s.version for s in self.socks)
            await sock.send({"type": "sit"})
            if not await self.until(lambda s=sock, v=before: s.version > v, ACTION_TIMEOUT):
                self.failures.append(f"table {self.table_id}: sitting down was not answered")
                return
        if not await self.until(self.settled, ACTION_TIMEOUT):
            self.failures.append(f"table {self.table_id}: sockets disagree after sitting down")
        if self._errors():
            self.failures.append(f"table {self.table_id}: {self.socks[0].errors[:1]}")

    async def step(self) -> bool:
        """One action, timed; False when the table cannot go on."""
        if not await self.until(self.settled, ACTION_TIMEOUT):
            self.lost.append(
                f"table {self.table_id}: sockets stuck at versions "
                f"{[s.version for s in self.socks]}"
            )
            return False
        if any(s.closed for s in self.socks):
            self.failures.append(f"table {self.table_id}: a socket closed: {self.socks[0].errors}")
            return False
        version = self.socks[0].version
        if self.echo:
            actor = self.socks[self.turn]
            frame = {
                "type": "act",
                "action": "echo",
                "payload": {"seq": version + 1},
                "client_action_id": uuid.uuid4().hex,
            }
            self.turn = (self.turn + 1) % len(self.socks)
        else:
            actor, frame = None, None
            for sock in self.rng.sample(self.socks, len(self.socks)):
                frame = self.choose(sock.frame, self.rng)
                if frame is not None:
                    actor = sock
                    break
            if actor is None:
                self.failures.append(
                    f"table {self.table_id} v{version}: no socket shows a legal action "
                    f"(board attributes: {[board_attrs(s.frame) for s in self.socks]})"
                )
                return False
            if frame["type"] == "act":
                frame["client_action_id"] = uuid.uuid4().hex
                frame["version"] = version  # as the board's form sends it
        other = next(s for s in self.socks if s is not actor)
        for sock in self.socks:
            sock.watch, sock.watch_time = version, None
        errors = self._errors()
        sent = time.perf_counter()
        await actor.send(frame)
        done = await self.until(
            lambda: all(s.version > version for s in self.socks) or self._errors() > errors,
            ACTION_TIMEOUT,
        )
        if self._errors() > errors:
            self.failures.append(
                f"table {self.table_id} v{version}: {frame} was answered with an error: "
                f"{(actor.errors or other.errors)[-1]}"
            )
            return False
        if not done:
            self.lost.append(
                f"table {self.table_id}: {frame.get('action', frame['type'])} at v{version} "
                f"not seen by both sockets within {ACTION_TIMEOUT:g} s (versions "
                f"{[s.version for s in self.socks]})"
            )
            return False
        self.records.append((sent, other.watch_time - sent))
        if frame["type"] == "ready":
            self.readies += 1
        else:
            self.applied += 1
        return True

    async def drive(self, start: float, end: float, pace: float | None) -> None:
        slot = start + (self.rng.random() * pace if pace else 0.0)
        while True:
            now = time.perf_counter()
            if pace:
                if slot > now:
                    await asyncio.sleep(slot - now)
                elif now - slot > pace:
                    slot = now  # more than one interval late: do not burst to catch up
            if time.perf_counter() >= end:
                return
            if not await self.step():
                return
            slot += pace or 0.0

    async def close(self) -> None:
        self.closing = True
        for sock in self.socks:
            if hasattr(sock, "ws"):
                with contextlib.suppress(Exception):
                    await sock.ws.close()


def _read_timings(path: str | None) -> dict | None:
    if not path:
        return None
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None


async def _phase(
    drivers, name: str, pid: int, warmup: float, seconds: float, pace, timings_path=None
):
    start = time.perf_counter() + 0.2
    window = (start + warmup, start + warmup + seconds)
    marks = {}
    received = {}
    timings_read = {}

    async def mark(at: float, label: str) -> None:
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        marks[label] = (time.perf_counter(), _cpu_seconds(pid), _cpu_seconds())
        received[label] = (Sock.received_bytes, Sock.received_frames, Sock.part_bytes.copy())
        # the server writes its timings once a second: the window's edges read the nearest
        timings_read[label] = _read_timings(timings_path)

    lost0 = [len(d.lost) for d in drivers]
    fail0 = [len(d.failures) for d in drivers]
    counts0 = [len(d.records) for d in drivers]
    await asyncio.gather(
        mark(window[0], "from"),
        mark(window[1], "to"),
        *(d.drive(start, window[1], pace) for d in drivers),
    )
    latencies = sorted(
        latency
        for d, n0 in zip(drivers, counts0, strict=True)
        for sent, latency in d.records[n0:]
        if window[0] <= sent < window[1]
    )
    (t0, server0, gen0), (t1, server1, gen1) = marks["from"], marks["to"]
    elapsed = t1 - t0
    # CPU of the window only (the window's actions started inside it; some end just after it)
    server_cpu = server1 - server0 if server0 is not None and server1 is not None else None
    sockets = sum(len(d.socks) for d in drivers) / max(1, len(drivers))
    bytes_in = received["to"][0] - received["from"][0]
    frames_in = received["to"][1] - received["from"][1]
    from casino.timings import accounts_summary
    from casino.timings import summary as timings_summary

    server_phases = (
        timings_summary(timings_read["from"], timings_read["to"]) if timings_read["to"] else {}
    )
    server_accounts = (
        accounts_summary(timings_read["from"], timings_read["to"]) if timings_read["to"] else {}
    )
    per_socket_action = len(latencies) * sockets
    parts_in = received["to"][2] - received["from"][2]
    return {
        "name": name,
        # the bytes per socket per action by part, the largest first
        "bytes_by_part": {key: count / per_socket_action for key, count in parts_in.most_common(8)}
        if latencies
        else {},
        "server_phases": server_phases,
        "server_accounts": server_accounts,
        # what one socket of a table received per action of that table, on average
        "bytes_per_socket": bytes_in / (len(latencies) * sockets) if latencies else None,
        "frames_per_socket": frames_in / (len(latencies) * sockets) if latencies else None,
        "seconds": elapsed,
        "actions": len(latencies),
        "per_second": len(latencies) / elapsed if elapsed else 0.0,
        "p50_ms": common.percentile(latencies, 0.50) * 1000,
        "p99_ms": common.percentile(latencies, 0.99) * 1000,
        "max_ms": (latencies[-1] if latencies else 0.0) * 1000,
        "server_cpu_share": server_cpu / elapsed if server_cpu is not None and elapsed else None,
        "server_cpu_ms": server_cpu * 1000 / len(latencies) if server_cpu and latencies else None,
        "loadgen_cpu_share": (gen1 - gen0) / elapsed if elapsed else 0.0,
        "load": os.getloadavg()[0],
        "lost": [x for d, n in zip(drivers, lost0, strict=True) for x in d.lost[n:]],
        "failures": [x for d, n in zip(drivers, fail0, strict=True) for x in d.failures[n:]],
    }


async def _open_all(drivers) -> list[str]:
    limit = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def one(driver):
        async with limit:
            try:
                await driver.open()
            except Exception as exc:
                driver.failures.append(f"table {driver.table_id}: connect failed: {exc!r}")

    await asyncio.gather(*(one(d) for d in drivers))
    return [f for d in drivers for f in d.failures]


async def _loadgen(config: dict) -> dict:
    pid, echo, base = config["pid"], config["echo"], config["base"]
    world = config["world"]
    game = config["game"]
    drivers = [
        TableDriver(n, spec, base, echo, seed=1000 + n, game=game)
        for n, spec in enumerate(world[:TABLES])
    ]
    result: dict = {"rss_kb": {"idle": _rss_kb(pid)}, "phases": [], "failures": []}
    started = time.perf_counter()
    result["failures"] += await _open_all(drivers)
    result["connect_seconds"] = time.perf_counter() - started
    seats = len(world[0]["cookies"]) if world else 2
    result["rss_kb"][f"{seats * len(drivers)} clients"] = _rss_kb(pid)
    if not result["failures"]:
        for round_no in range(config["repeat"]):
            for name, pace in (("paced", GAME_PACE.get(game, PACE_SECONDS)), ("max", None)):
                phase = await _phase(
                    drivers,
                    name,
                    pid,
                    config["warmup"],
                    config["seconds"],
                    pace,
                    config.get("timings"),
                )
                phase["round"] = round_no + 1
                result["phases"].append(phase)
                if phase["lost"] or phase["failures"]:
                    break
        more = [
            TableDriver(n, spec, base, echo, seed=1000 + n, game=game)
            for n, spec in enumerate(world[TABLES:MEMORY_TABLES], start=TABLES)
        ]
        if more:
            result["failures"] += await _open_all(more)
            drivers += more
            await asyncio.sleep(0.5)
            result["rss_kb"][f"{seats * len(drivers)} clients"] = _rss_kb(pid)
    result["applied"] = {d.table_id: d.applied for d in drivers}
    result["readies"] = sum(d.readies for d in drivers)
    await asyncio.gather(*(d.close() for d in drivers))
    return result


def _loadgen_child(config: dict, queue) -> None:
    try:
        queue.put(("ok", asyncio.run(_loadgen(config))))
    except Exception:
        queue.put(("error", traceback.format_exc()))
