"""Import (io.h): Nat20 GridScene JSON, Universal VTT (.dd2vtt/.uvtt) and Foundry scene
exports become a Scene plus a report of what the importer changed; export back to Nat20 JSON."""
from collections import namedtuple

from ._enums import IoFormat, coerce
from ._errors import error_for
from ._gridgeom import ffi, lib
from ._scene import Scene

ImportNote = namedtuple("ImportNote", "action count what example")


class ImportReport:
    """What the importer read and changed: `stats` (a dict) and `notes` (ImportNote list)."""

    def __init__(self, ptr):
        ptr = ffi.gc(ptr, lib.gg_import_report_destroy)
        s = ffi.new("gg_import_stats *")
        if lib.gg_import_report_stats(ptr, s) != lib.GG_OK:
            raise error_for(lib.GG_E_INTERNAL, "import report without stats")
        self.stats = {name: getattr(s, name) for name, _ in ffi.typeof("gg_import_stats").fields}
        self.stats["format"] = IoFormat(self.stats["format"])
        self.notes = []
        note = ffi.new("gg_import_note *")
        for i in range(lib.gg_import_report_note_count(ptr)):
            if lib.gg_import_report_note(ptr, i, note) == lib.GG_OK:
                self.notes.append(ImportNote(
                    ffi.string(lib.gg_import_action_name(note.action)).decode(), note.count,
                    ffi.string(note.what).decode() if note.what != ffi.NULL else "",
                    ffi.string(note.example).decode() if note.example != ffi.NULL else ""))


def _raise_io(st, err):
    msg = ffi.string(err.message).decode()
    if err.line > 0:
        msg = "line %d, column %d: %s" % (err.line, err.column, msg)
    raise error_for(st, msg)


def import_scene(data=None, path=None, format="auto", **options):
    """Imports a map from bytes/str `data` or a file `path`. Returns (Scene, ImportReport).
    Options: merge_walls, clip_walls, uvtt_objects, use_elevation, elevation_ft, max_bytes,
    max_walls. Parse failures raise ParseError with the parser's line, column and reason."""
    d = ffi.new("gg_import_def *", lib.gg_import_def_default())
    d.format = coerce(IoFormat, format)
    for k, v in options.items():
        if k not in ("merge_walls", "clip_walls", "uvtt_objects", "use_elevation",
                     "elevation_ft", "max_bytes", "max_walls"):
            raise TypeError("unknown import option %r" % k)
        setattr(d, k, v)
    scene = ffi.new("gg_scene **")
    report = ffi.new("gg_import_report **")
    err = ffi.new("gg_io_error *")
    if (data is None) == (path is None):
        raise TypeError("import_scene needs exactly one of data= or path=")
    if path is not None:
        st = lib.gg_scene_import_file(str(path).encode(), d, scene, report, err)
    else:
        raw = data.encode() if isinstance(data, str) else bytes(data)
        st = lib.gg_scene_import(raw, len(raw), d, scene, report, err)
    if st < 0:
        _raise_io(st, err)
    return Scene(0, 0, _ptr=scene[0]), ImportReport(report[0])


def export_nat20(scene):
    """The scene as Nat20 GridScene JSON text."""
    n = ffi.new("size_t *")
    err = ffi.new("gg_io_error *")
    st = lib.gg_scene_export_nat20(scene._ptr, ffi.NULL, 0, n, err)
    if st < 0 and st != lib.GG_E_BUFFER_TOO_SMALL:
        _raise_io(st, err)
    buf = ffi.new("char[]", n[0] + 1)
    st = lib.gg_scene_export_nat20(scene._ptr, buf, n[0] + 1, n, err)
    if st < 0:
        _raise_io(st, err)
    return ffi.string(buf, n[0]).decode()


def list_walls(scene):
    """[(wall id, Wall)] of the scene's live walls in id order (gg_io_list_walls_sized)."""
    from ._scene import _pack_id
    count = scene.wall_count
    ids = ffi.new("gg_wall_id[]", max(1, count))
    n = ffi.new("int32_t *")
    st = lib.gg_io_list_walls_sized(scene._ptr, ids, ffi.NULL, ffi.sizeof("gg_wall_def"), count,
                                    n)
    if st < 0:
        raise error_for(st)
    return [(_pack_id(ids[i]), scene.wall(_pack_id(ids[i]))) for i in range(n[0])]
