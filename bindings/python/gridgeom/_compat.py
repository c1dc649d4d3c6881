"""The queries that take working memory had their arguments reordered by the working-memory
rework (docs/api.md, "Argument order"; scratch second, the def after the inputs). Calls to them
go through call(): the binding names each argument by its C type, and the compiled header's own
signature decides the order. The binding was written against both orders while the rework was
in flight, and a later move cannot make it pass a value to the wrong parameter: a signature it
cannot map fails loudly (InternalError). Arguments of one kind (two cells, two integers) keep
their relative order, as every reordering so far has kept it; the tests pin the answers, so a
swap that broke this would fail them."""
from ._errors import error_for
from ._gridgeom import ffi, lib

_ORDER = {}


def _kind(cname):
    """A C type as cffi spells it ("struct gg_cell *", "enum gg_bitset_mode") or as the binding
    does ("gg_cell *"), without tags, const or spaces; both integer widths are "int"."""
    for word in ("struct ", "enum ", "const "):
        cname = cname.replace(word, "")
    cname = cname.replace(" ", "")
    return "int" if cname in ("int32_t", "int64_t") else cname


def signature(name):
    return [t.cname for t in ffi.typeof(ffi.addressof(lib, name)).args]


def call(name, *typed):
    """lib.<name>(...) with `typed` = (C type, value) pairs, ordered by the compiled signature."""
    order = _ORDER.get(name)
    if order is None:
        have = [_kind(c) for c, _ in typed]
        used = [False] * len(typed)
        order = []
        for want in map(_kind, signature(name)):
            for i, k in enumerate(have):
                if not used[i] and k == want:
                    used[i] = True
                    order.append(i)
                    break
            else:
                raise error_for(lib.GG_E_INTERNAL,
                                "the binding cannot map %s's parameter %s" % (name, want))
        if len(order) != len(typed):
            raise error_for(lib.GG_E_INTERNAL, "%s takes %d arguments, the binding has %d"
                            % (name, len(order), len(typed)))
        _ORDER[name] = order
    return getattr(lib, name)(*[typed[i][1] for i in order])
