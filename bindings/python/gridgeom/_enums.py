"""The library's enums as IntEnum classes whose values are read from the compiled headers (so
they cannot drift), and a coercion that also takes the lowercase name ("half")."""
import enum

from ._gridgeom import lib


def _make(name, prefix, members):
    return enum.IntEnum(name, [(m, getattr(lib, prefix + m)) for m in members])


Cover = _make("Cover", "GG_COVER_", ["NONE", "HALF", "THREE_QUARTERS", "TOTAL"])
Light = _make("Light", "GG_LIGHT_", ["DEFAULT", "BRIGHT", "DIM", "DARK"])
Obscurement = _make("Obscurement", "GG_OBSCURE_", ["NONE", "LIGHT", "HEAVY", "MAGICAL_DARKNESS"])
Door = _make("Door", "GG_DOOR_", ["NONE", "CLOSED", "OPEN", "LOCKED"])
OneWay = _make("OneWay", "GG_ONE_WAY_", ["NONE", "LEFT", "RIGHT"])
Shape = _make("Shape", "GG_SHAPE_", ["SPHERE", "CYLINDER", "CONE", "LINE", "CUBE", "EMANATION"])
Metric = _make("Metric", "GG_METRIC_", ["CHEBYSHEV", "ALTERNATING", "EUCLIDEAN", "MANHATTAN"])
Size = _make("Size", "GG_SIZE_", ["TINY", "SMALL", "MEDIUM", "LARGE", "HUGE", "GARGANTUAN"])
Difficult = _make("Difficult", "GG_DIFFICULT_", ["DOUBLE", "SURCHARGE", "IGNORE"])
CoverMode = _make("CoverMode", "GG_COVER_MODE_", ["TAGGED", "CORNERS_2D", "CORNERS_3D"])
AttackKind = _make("AttackKind", "GG_ATTACK_", ["MELEE", "REACH", "RANGED", "AREA"])
CoverRoll = _make("CoverRoll", "GG_ROLL_", ["ATTACK", "DEX_SAVE", "OTHER_SAVE"])
TargetCheck = _make("TargetCheck", "GG_TARGET_",
                    ["OK", "OUT_OF_RANGE", "NO_LINE_OF_SIGHT", "TOTAL_COVER"])
MoveResult = _make("MoveResult", "GG_MOVE_",
                   ["OK", "SPEED_ZERO", "NOT_ADJACENT", "OCCUPIED", "FRIGHTENED", "BLOCKED_PATH",
                    "UNREACHABLE", "INSUFFICIENT_MOVEMENT"])
Affects = _make("Affects", "GG_AFFECTS_", ["CREATURES", "ENEMIES", "ALLIES"])
IoFormat = _make("IoFormat", "GG_IO_FORMAT_", ["AUTO", "NAT20", "UVTT", "FOUNDRY"])
Condition = enum.IntFlag("Condition", [("BLINDED", lib.GG_CONDITION_BLINDED),
                                       ("INVISIBLE", lib.GG_CONDITION_INVISIBLE),
                                       ("INCAPACITATED", lib.GG_CONDITION_INCAPACITATED)])
Blocks = enum.IntFlag("Blocks", [("SIGHT", lib.GG_BLOCKS_SIGHT),
                                 ("MOVEMENT", lib.GG_BLOCKS_MOVEMENT),
                                 ("LIGHT", lib.GG_BLOCKS_LIGHT)])


def coerce(enum_cls, value):
    """An enum member from a member, an int or a (case-insensitive) name such as "half".
    Anything else is a ValueError naming the choices."""
    if isinstance(value, enum_cls):
        return value
    if isinstance(value, str):
        try:
            return enum_cls[value.upper()]
        except KeyError:
            pass
    elif isinstance(value, int):
        try:
            return enum_cls(value)
        except ValueError:
            pass
    raise ValueError("%r is not a %s (one of: %s)" % (
        value, enum_cls.__name__, ", ".join(m.name.lower() for m in enum_cls)))
