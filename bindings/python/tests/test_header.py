# SPDX-License-Identifier: MIT
"""The package's copies of the C library's constants, checked against
include/mana.h and include/mana_ml.h (which mana.h includes): enums,
#defines, the error list, and the bounds that the headers state only in
words.  One test: it fails, naming every constant that
drifted, if the header and the package disagree anywhere."""

import ctypes
import os
import re
from typing import Dict, List, Tuple

from mana import _errors, _game, _lib, _move, _types, actions, env, record, svg
from conftest import REPO


def header_text() -> str:
    """mana.h and the header it includes, mana_ml.h, one after the other."""
    text = []
    for name in ("mana.h", "mana_ml.h"):
        with open(os.path.join(REPO, "include", name)) as f:
            text.append(f.read())
    return "\n".join(text)


def _strip_comments(text: str) -> str:
    return re.sub(r"/\*.*?\*/", " ", text, flags=re.S)


def header_constants(text: str) -> Dict[str, int]:
    """Every integer the header names: enum members, #defines whose value
    is an integer expression of other constants, and MANA_ERROR_LIST."""
    code = _strip_comments(text).replace("\\\n", " ")
    values: Dict[str, int] = {}
    for body in re.findall(r"enum\s+\w+\s*\{([^}]*)\}", code):
        for name, value in re.findall(r"(MANA_\w+)\s*=\s*([^,]+)", body):
            values[name] = int(value.strip())
    for name, value in re.findall(r"X\((MANA_\w+),\s*(-?\d+),", code):
        values[name] = int(value)
    for name, expr in re.findall(r"^\s*#define\s+(MANA_\w+)[ \t]+([^\n]+)$", code, flags=re.M):
        expr = re.sub(r"\b(\d+)u\b", r"\1", expr.strip())
        expr = re.sub(r"\bMANA_\w+\b", lambda m: str(values.get(m.group(0), m.group(0))), expr)
        if re.fullmatch(r"[\d\s()+\-*|<>]+", expr):
            values[name] = int(eval(expr))  # only digits and operators left
    return values


def _enum_pairs(cls: type, prefix: str) -> List[Tuple[str, int]]:
    return [(prefix + m.name, int(m)) for m in cls]  # type: ignore[attr-defined]


def package_constants() -> List[Tuple[str, int]]:
    """(C name, the package's value) for every constant the package copies."""
    pairs: List[Tuple[str, int]] = []
    pairs += _enum_pairs(_types.Color, "MANA_")
    pairs += _enum_pairs(_types.Status, "MANA_")
    pairs += _enum_pairs(_types.Rules, "MANA_RULES_")
    pairs += _enum_pairs(_types.MoveKind, "MANA_MOVE_")
    pairs += _enum_pairs(_types.EndReason, "MANA_END_")
    pairs += _enum_pairs(_types.Option, "MANA_OPT_")
    pairs += _enum_pairs(_types.SetupArea, "MANA_SETUP_")
    pairs += _enum_pairs(_types.Reentry, "MANA_REENTRY_")
    pairs += _enum_pairs(_types.Blocked, "MANA_BLOCKED_")
    pairs += _enum_pairs(_errors.ErrorCode, "MANA_")
    pairs += [
        ("MANA_ORIENTATION_CHOSEN", _types.ORIENTATION_CHOSEN),
        ("MANA_OPTION_COUNT", len(_types.Option)),
        ("MANA_SQUARE_COUNT", _types.SQUARE_COUNT),
        ("MANA_SQUARE_COUNT", len(_types.SQUARE_NAMES)),
        ("MANA_FILE_COUNT", len(_types.FILE_NAMES)),
        ("MANA_RANK_COUNT", len(_types.RANK_NAMES)),
        ("MANA_MAX_MOVES", _game.MAX_MOVES),
        ("MANA_MFN_MAX", _game.MFN_MAX),
        ("MANA_MOVE_TO_SHIFT", _move.MOVE_TO_SHIFT),
        ("MANA_MOVE_KIND_SHIFT", _move.MOVE_KIND_SHIFT),
        ("MANA_MOVE_TEXT_MAX", _game.MOVE_TEXT_MAX),
        ("MANA_PERFT_DEPTH_MAX", _game.PERFT_MAX),
        ("MANA_ACTION_COUNT", actions.ACTION_COUNT),
        ("MANA_ACTION_STEP", actions.ACTION_STEP),
        ("MANA_ACTION_RONIN", actions.ACTION_RONIN),
        ("MANA_ACTION_DAMYO", actions.ACTION_DAMYO),
        ("MANA_ACTION_ORIENT", actions.ACTION_ORIENT),
        ("MANA_ACTION_PASS", actions.ACTION_PASS),
        ("MANA_OBS_PLANES", actions.OBS_PLANES),
        ("MANA_OBS_PLANES", actions.OBSERVATION_SHAPE[0]),
        ("MANA_RANK_COUNT", actions.OBSERVATION_SHAPE[1]),
        ("MANA_FILE_COUNT", actions.OBSERVATION_SHAPE[2]),
        ("MANA_OBSERVATION_SIZE", actions.OBSERVATION_SIZE),
        ("MANA_OBS_ABSOLUTE", actions.OBS_ABSOLUTE),
        ("MANA_OBS_SIDE_TO_MOVE", actions.OBS_SIDE_TO_MOVE),
        ("MANA_BATCH_RANDOM_SETUP", actions.BATCH_RANDOM_SETUP),
        ("MANA_BATCH_RUNNING", actions.BATCH_RUNNING),
        ("MANA_BATCH_TERMINATED", actions.BATCH_TERMINATED),
        ("MANA_BATCH_TRUNCATED", actions.BATCH_TRUNCATED),
        ("MANA_TAG_KEY_MAX", record.TAG_KEY_MAX),
        ("MANA_TAG_VALUE_MAX", record.TAG_VALUE_MAX),
        ("MANA_RECORD_TAGS_MAX", record.RECORD_TAGS_MAX),
        ("MANA_SVG_FLIPPED", svg.FLIPPED),
        ("MANA_SVG_NO_COORDINATES", svg.NO_COORDINATES),
        ("MANA_SVG_NO_LAST_MOVE", svg.NO_LAST_MOVE),
        ("MANA_SVG_NO_MANA", svg.NO_MANA),
        ("MANA_SVG_NO_CAPTION", svg.NO_CAPTION),
        ("MANA_SVG_WIDTH_NATURAL", svg.WIDTH_NATURAL),
        ("MANA_SVG_WIDTH_MIN", svg.WIDTH_MIN),
        ("MANA_SVG_WIDTH_MAX", svg.WIDTH_MAX),
        ("MANA_BATCH_MAX", env.BATCH_MAX),
    ]
    return pairs


def test_constants_match_the_header() -> None:
    text = header_text()
    values = header_constants(text)
    drift = ["%s: header %s, package %d" % (name, values.get(name, "missing"), value)
             for name, value in package_constants() if values.get(name) != value]
    # the option names and words are the library's (mana_option_name,
    # mana_option_parse) in Python's spelling: snake_case, not copies
    for name, (option, words) in _types.OPTION_WORDS.items():
        c_name = _lib.lib.mana_option_name(int(option)).decode("ascii")
        if re.sub(r"(?<!^)([A-Z])", r"_\1", c_name).lower() != name:
            drift.append("option %d: library name %r, package %r" % (option, c_name, name))
        for word, value in words.items():
            opt, val = ctypes.c_int(-1), ctypes.c_int(-1)
            rc = _lib.lib.mana_option_parse(c_name.encode(), word.replace("_", "-").encode(),
                                            ctypes.byref(opt), ctypes.byref(val))
            if (rc, opt.value, val.value) != (0, int(option), value):
                drift.append("option %s word %r: library %d -> (%d, %d), package %d"
                             % (name, word, rc, opt.value, val.value, value))
    assert drift == [], "constants that differ from include/mana.h:\n  " + "\n  ".join(drift)
