"""Options named as a value's fields pass into it by name: a front end that offers
an option under the field's own name adds nothing else to hand it on."""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping


def named(cls, given: Mapping) -> dict:
    """The values of `given` whose names are `cls`'s fields, lists as tuples (the
    values are frozen)."""
    wanted = [f.name for f in dataclasses.fields(cls) if f.init]
    return {name: tuple(given[name]) if isinstance(given[name], list) else given[name]
            for name in wanted if name in given}
