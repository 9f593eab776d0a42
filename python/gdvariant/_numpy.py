"""The NumPy side of the package, imported only when NumPy is installed."""

import numpy as np


class PackedColorArray(np.ndarray):
    """A ``PackedColorArray`` as a NumPy array of shape ``(n, 4)``, float32 (r, g, b, a).

    A subclass only so that ``dumps`` writes it back as colors and not as a
    ``PackedVector4Array`` of the same shape; it is a view, like every packed array that
    ``loads`` returns. ``np.asarray(colors).view(PackedColorArray)`` makes one."""
