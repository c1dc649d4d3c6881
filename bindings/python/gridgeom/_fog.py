"""The fog-of-war memory (gg_fog, fog.h): what a party has explored, kept across turns and saved
in the library's byte format (docs/vision.md "The fog format")."""
import numpy as np

from ._errors import check
from ._gridgeom import ffi, lib


class Fog:
    """The explored cells of a width x height map. `reveal(view)` adds a turn's view (a numpy
    bool array (height, width), e.g. Scene.party_view()) and returns the newly explored cells;
    `save()` gives the bytes, `Fog.load(data)` makes a fog from them (and raises ParseError with
    the library's reason for anything malformed)."""

    def __init__(self, width, height):
        d = ffi.new("gg_fog_def *", lib.gg_fog_def_default())
        d.width, d.height = int(width), int(height)
        out = ffi.new("gg_fog **")
        check(lib.gg_fog_create(d, out))
        self._ptr = ffi.gc(out[0], lib.gg_fog_destroy)
        self.width, self.height = int(width), int(height)
        self._words = lib.gg_fog_bitset_words(self._ptr)

    def _to_bits(self, view):
        a = np.asarray(view, dtype=bool)
        if a.shape != (self.height, self.width):
            raise ValueError("view must be a (height, width) bool array")
        packed = np.packbits(a.reshape(-1), bitorder="little")
        buf = np.zeros(self._words * 8, dtype=np.uint8)
        buf[: packed.size] = packed
        return buf

    def _to_array(self, bits):
        flat = np.unpackbits(np.frombuffer(ffi.buffer(bits), dtype=np.uint8),
                             bitorder="little")[: self.width * self.height]
        return flat.reshape(self.height, self.width).astype(bool)

    def reveal(self, view):
        """Marks the cells of `view` explored; returns the cells explored for the first time
        (a bool array)."""
        buf = self._to_bits(view)
        fresh = ffi.new("uint64_t[]", self._words)
        check(lib.gg_fog_reveal(self._ptr, ffi.cast("uint64_t *", ffi.from_buffer(buf)),
                                self._words, fresh, ffi.NULL))
        return self._to_array(fresh)

    def explored(self):
        """Every explored cell, as a (height, width) bool array."""
        bits = ffi.new("uint64_t[]", self._words)
        check(lib.gg_fog_bits(self._ptr, bits, self._words, ffi.NULL))
        return self._to_array(bits)

    def clear(self):
        """Forgets everything."""
        lib.gg_fog_clear(self._ptr)

    def save(self):
        """The fog in the library's byte format (bytes)."""
        n = ffi.new("size_t *")
        lib.gg_fog_save(self._ptr, ffi.NULL, 0, n)  # the size query
        buf = ffi.new("uint8_t[]", n[0])
        check(lib.gg_fog_save(self._ptr, buf, n[0], n))
        return bytes(ffi.buffer(buf, n[0]))

    @classmethod
    def load(cls, data):
        """A fog from saved bytes (its size comes from them)."""
        data = bytes(data)
        w, h = ffi.new("int32_t *"), ffi.new("int32_t *")
        reason = ffi.new("const char **")
        check(lib.gg_fog_check_bytes(data, len(data), w, h, reason), reason=reason)
        fog = cls(w[0], h[0])
        check(lib.gg_fog_load(fog._ptr, data, len(data), reason), reason=reason)
        return fog
