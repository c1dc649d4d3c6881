"""Statuses as exceptions: every gg_status error becomes one exception class carrying the
library's own message (gg_scene_message() for a scene writer, the out_reason phrase of a
function that explains itself, the parser's message for import, else gg_status_message())."""
from ._gridgeom import ffi, lib


class GridGeomError(Exception):
    """A libgridgeom call failed. `status` is the gg_status value, `status_name` its name
    ("GG_E_OUT_OF_BOUNDS"), `message` the library's sentence."""

    def __init__(self, status, message):
        self.status = int(status)
        self.status_name = ffi.string(lib.gg_status_name(status)).decode()
        self.message = message
        super().__init__("%s: %s" % (self.status_name, message))


class InvalidArgument(GridGeomError, ValueError):
    """GG_E_INVALID_ARG / GG_E_BAD_DEF: an argument outside its documented domain."""


class ParseError(GridGeomError, ValueError):
    """GG_E_PARSE: text (a cell id, a map file) could not be parsed."""


class TooLarge(GridGeomError, ValueError):
    """GG_E_TOO_LARGE: a size or count beyond what the library supports."""


class OutOfBounds(GridGeomError, IndexError):
    """GG_E_OUT_OF_BOUNDS: a cell or corner outside the scene."""


class StaleId(GridGeomError, LookupError):
    """GG_E_STALE_ID: the id names a wall or light that was removed."""


class BufferTooSmall(GridGeomError):
    """GG_E_BUFFER_TOO_SMALL (the binding sizes its buffers, so this means a library bug)."""


class NoMemory(GridGeomError, MemoryError):
    """GG_E_NO_MEMORY."""


class InternalError(GridGeomError):
    """GG_E_INTERNAL: a library invariant failed."""


_BY_STATUS = {
    lib.GG_E_INVALID_ARG: InvalidArgument,
    lib.GG_E_BAD_DEF: InvalidArgument,
    lib.GG_E_PARSE: ParseError,
    lib.GG_E_TOO_LARGE: TooLarge,
    lib.GG_E_OUT_OF_BOUNDS: OutOfBounds,
    lib.GG_E_STALE_ID: StaleId,
    lib.GG_E_BUFFER_TOO_SMALL: BufferTooSmall,
    lib.GG_E_NO_MEMORY: NoMemory,
    lib.GG_E_INTERNAL: InternalError,
}


def error_for(status, message=None):
    """The exception for an error status, with `message` or the status's own sentence."""
    if not message:
        message = ffi.string(lib.gg_status_message(status)).decode()
    return _BY_STATUS.get(int(status), GridGeomError)(status, message)


def check(status, scene_ptr=None, reason=None):
    """Raises for an error status; returns the status (GG_OK or GG_PARTIAL) otherwise.
    scene_ptr: a writer's scene, whose gg_scene_message() explains the failure. reason: a
    `const char **` a query filled in."""
    if status >= 0:
        return status
    message = None
    if reason is not None and reason[0] != ffi.NULL:
        message = ffi.string(reason[0]).decode()
    elif scene_ptr is not None:
        text = lib.gg_scene_message(scene_ptr)
        if text != ffi.NULL and text[0] != b"\0":
            message = ffi.string(text).decode()
    raise error_for(status, message)
