"""The fuzz run's frames (tests/fuzz/harness.py): every kind of frame a socket may be sent, legal
and malformed, made from a seeded random source, and how a frame is told apart (a legal action,
a repeated click, a control frame)."""

from __future__ import annotations

import json
import random
import uuid

from channels.db import database_sync_to_async

from tables import consumers
from tables.models import TableEvent

# control messages a seated player may send that are not game actions; "sit" and "leave" are
# not sent (legitimate, tested elsewhere: the fuzzer stays seated)
CONTROL_TYPES = ("sync", "ready", "sit_out", "back")


# --- frames ---------------------------------------------------------------------------------


WRONG_VALUES = [
    None, True, False, 0, -1, 1.5, 100.0, 2**63, -(2**70), "", "x", "7.5.0", "-5", "1e3", "٣",
    "💥" * 3, "\x00", "\ud800", [], [1, 2], [[]], {}, {"type": "x"}, "<script>", "A" * 5000,
]  # fmt: skip


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


class FrameMaker:
    """Seeded frames; ``table_frame`` mutates real actions, ``any_frame`` needs no table."""

    KINDS = {
        "json": 14, "object": 14, "nested": 3, "huge": 3, "binary": 6, "nul": 5,
        "surrogate": 5, "broken": 8, "empty": 2,
    }  # fmt: skip
    TABLE_KINDS = {"wrong_type": 24, "unstorable": 6, "out_of_turn": 8, "legal": 3, "control": 3}

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def _weighted(self, weights: dict[str, int]) -> str:
        return self.rng.choices(list(weights), list(weights.values()))[0]

    def scalar(self):
        rng = self.rng
        return rng.choice(
            [
                None, True, False, rng.randint(-(2**70), 2**70), rng.randint(-5, 5),
                rng.random() * 10**rng.randint(-5, 300), self.text(rng.randint(0, 40)),
                rng.choice(WRONG_VALUES),
            ]
        )  # fmt: skip

    def text(self, length: int) -> str:
        alphabet = "aZ09 _-\"'\\/{}[]<>&\u00e9\u044f\u4e2d\U0001f0a1\t\n"
        return "".join(self.rng.choice(alphabet) for _ in range(length))

    def value(self, depth: int = 0):
        roll = self.rng.random()
        if depth > 3 or roll < 0.5:
            return self.scalar()
        if roll < 0.75:
            return [self.value(depth + 1) for _ in range(self.rng.randint(0, 5))]
        return {self.text(self.rng.randint(0, 8)): self.value(depth + 1) for _ in range(4)}

    def frame_fields(self) -> dict:
        """A dict shaped like a frame, every field of random type (or the right one)."""
        rng = self.rng
        frame = {"type": rng.choice([*consumers.FRAME_TYPES - {"sit", "leave"}, "x", ""])}
        if rng.random() < 0.9:
            frame["type"] = rng.choice([frame["type"], self.scalar()])
        for name in ("action", "payload", "client_action_id", "version", "turn"):
            if rng.random() < 0.5:
                frame[name] = self.value()
        for _ in range(rng.randint(0, 3)):
            frame[self.text(rng.randint(1, 10))] = self.value()
        if frame.get("type") in ("sit", "leave"):
            frame["type"] = "sync"
        return frame

    def any_frame(self) -> tuple[str, str | None, bytes | None]:
        """(kind, text, bytes): a frame that needs no table's state."""
        rng = self.rng
        kind = self._weighted(self.KINDS)
        if kind == "json":
            return kind, json.dumps(self.value(), ensure_ascii=rng.random() < 0.5), None
        if kind == "object":
            return kind, json.dumps(self.frame_fields()), None
        if kind == "nested":
            depth = rng.choice([100, 1_000, 10_000, 100_000])
            opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
            inner = "1" if opener.startswith("{") else ""
            return kind, opener * depth + inner + closer * depth, None
        if kind == "huge":
            size = rng.choice([4_097, 65_536, 1_000_000])
            return kind, json.dumps({"type": "act", "action": "x" * size}), None
        if kind == "binary":
            data = rng.randbytes(rng.choice([0, 1, 16, 4_000, 70_000]))
            return kind, None, data
        if kind == "nul":
            frame = self.frame_fields()
            frame[rng.choice(list(frame))] = "a\x00b"
            text = json.dumps(frame)
            return kind, (text if rng.random() < 0.7 else text[:-1] + "\x00}"), None
        if kind == "surrogate":
            frame = self.frame_fields()
            frame[rng.choice(["client_action_id", "action", "turn", "note\udfff"])] = "\ud83d"
            return kind, json.dumps(frame), None
        if kind == "broken":
            text = json.dumps(self.frame_fields())
            return kind, rng.choice(
                [text[: rng.randint(0, len(text))], text + ",", "NaN", '{"type": Infinity}',
                 "{'type': 'act'}", self.text(rng.randint(1, 50)), "\ufeff" + text]
            ), None  # fmt: skip
        return kind, rng.choice(["", " ", "null", "{}", "[]", '""']), None

    def table_frame(self, legal: list[dict], others: list[dict], version: int):
        """(kind, text, bytes) from the table's real actions: the fuzzer's (``legal``) with one
        field of the wrong type, another seat's (``others``) sent by the fuzzer, a legal one
        as it is, a control message; else (no action to mutate) a frame of ``any_frame``."""
        rng = self.rng
        kind = self._weighted(self.TABLE_KINDS)
        if kind == "control":
            return kind, json.dumps({"type": rng.choice(CONTROL_TYPES)}), None
        pool = others if kind == "out_of_turn" else legal
        if not pool:
            pool = legal or others
        if not pool:
            return self.any_frame()
        action = dict(rng.choice(pool))
        frame = {
            "type": "act",
            "action": action.pop("type"),
            "payload": action,
            "client_action_id": uuid.uuid4().hex,
        }
        if rng.random() < 0.5:
            frame["version"] = version
        if kind == "wrong_type":
            self._mutate(frame)
        if kind == "unstorable":  # a character no database column takes, in any field
            bad = rng.choice(["\x00", "\ud800", "\udfff", "a\ud83d"])
            target = rng.choice(["action", "client_action_id", "turn", "note", "payload"])
            if target == "payload" and frame["payload"]:
                frame["payload"][rng.choice(list(frame["payload"]))] = bad
            elif target == "note":
                frame[rng.choice(["note", bad])] = bad
            else:
                frame[target] = bad
        return kind, json.dumps(frame), None

    def _mutate(self, frame: dict) -> None:
        rng = self.rng
        fields = ["action", "payload", "client_action_id", "version", "turn"]
        fields += [f"payload.{name}" for name in frame["payload"]]
        name = rng.choice(fields)
        wrong = rng.choice(WRONG_VALUES)
        if name.startswith("payload."):
            frame["payload"][name.split(".", 1)[1]] = wrong
        elif name == "payload" and rng.random() < 0.5:
            frame["payload"] = json.dumps(frame["payload"])[:-1]  # a payload of broken text
        else:
            frame[name] = wrong


def as_legal_action(text: str | None, data: bytes | None, legal: list[dict]) -> bool:
    """Whether the consumer would read this frame as one of the fuzzer's legal actions."""
    try:
        frame = consumers.parse_frame(text, data)
    except consumers.FrameError:
        return False
    if frame["type"] != "act":
        return False
    try:
        action = consumers.engine_action(frame)
    except Exception:  # noqa: BLE001 - the consumer would fail the same way: counted there
        return False
    if canonical(action) in {canonical(a) for a in legal}:
        return True
    # a field sent as null reads as one left out (the engine fills it in: a bet naming box null
    # is the seat's first box)
    action = {key: value for key, value in action.items() if value is not None}
    # a legal action with fields left out, which the engine fills in: a twenty-one move that
    # names no box or hand plays the hand in turn (a payload mutated to "" reads as {})
    return any(
        set(action) < set(named) and all(named[key] == value for key, value in action.items())
        for named in legal
    )


@database_sync_to_async
def is_repeated_click(text: str | None, data: bytes | None, table_id: int, player_id: int) -> bool:
    """Whether this act repeats the client_action_id of one the player's actions applied at
    the table: the table answers it with its current board and applies nothing (a double
    click), whatever the act now says."""
    try:
        frame = consumers.parse_frame(text, data)
    except consumers.FrameError:
        return False
    return (
        frame["type"] == "act"
        and frame["client_action_id"] != ""
        and TableEvent.objects.filter(
            table_id=table_id, player_id=player_id, client_action_id=frame["client_action_id"]
        ).exists()
    )


def is_control(text: str | None, data: bytes | None) -> bool:
    try:
        return consumers.parse_frame(text, data)["type"] in CONTROL_TYPES
    except consumers.FrameError:
        return False
