"""A Box space with Gymnasium's interface, without depending on Gymnasium.

Where Gymnasium is installed, orrery.make() hands out gymnasium.spaces.Box instead, so Gymnasium's
env_checker and every library built on it see the type they expect; otherwise this class offers
the same members (shape, dtype, low, high, sample, seed, contains, is_bounded) for duck typing.
"""
import numpy as np


class Box:
    """A float32 box [low, high]^shape, as gymnasium.spaces.Box."""

    def __init__(self, low, high, shape, dtype=np.float32, seed=None):
        self.dtype = np.dtype(dtype)
        self._shape = tuple(int(n) for n in shape)
        self.low = np.full(self._shape, low, dtype=self.dtype)
        self.high = np.full(self._shape, high, dtype=self.dtype)
        self.bounded_below = np.isfinite(self.low)
        self.bounded_above = np.isfinite(self.high)
        self._np_random = None
        if seed is not None:
            self.seed(seed)

    @property
    def shape(self):
        return self._shape

    @property
    def np_random(self):
        if self._np_random is None:
            self.seed()
        return self._np_random

    def seed(self, seed=None):
        """Seeds the generator sample() draws from; returns [seed] as Gymnasium does."""
        self._np_random = np.random.default_rng(seed)
        return [seed]

    def is_bounded(self, manner="both"):
        below, above = bool(np.all(self.bounded_below)), bool(np.all(self.bounded_above))
        if manner == "both":
            return below and above
        if manner == "below":
            return below
        if manner == "above":
            return above
        raise ValueError(f"manner is not in {{'below', 'above', 'both'}}, actual value: {manner}")

    def sample(self, mask=None):
        """A uniform draw where both bounds are finite; Gymnasium's rules elsewhere (normal,
        or shifted exponential on a half-bounded side)."""
        if mask is not None:
            raise ValueError("Box.sample cannot be provided a mask")
        rng = self.np_random
        out = np.empty(self._shape, dtype=np.float64)
        both = self.bounded_below & self.bounded_above
        unbounded = ~self.bounded_below & ~self.bounded_above
        only_low = self.bounded_below & ~self.bounded_above
        only_high = ~self.bounded_below & self.bounded_above
        out[both] = rng.uniform(self.low[both], self.high[both])
        out[unbounded] = rng.normal(size=int(unbounded.sum()))
        out[only_low] = self.low[only_low] + rng.exponential(size=int(only_low.sum()))
        out[only_high] = self.high[only_high] - rng.exponential(size=int(only_high.sum()))
        return out.astype(self.dtype)

    def contains(self, x):
        if not isinstance(x, np.ndarray):
            try:
                x = np.asarray(x, dtype=self.dtype)
            except (ValueError, TypeError):
                return False
        return bool(np.can_cast(x.dtype, self.dtype) and x.shape == self._shape
                    and np.all(x >= self.low) and np.all(x <= self.high))

    def __contains__(self, x):
        return self.contains(x)

    def __eq__(self, other):
        return (isinstance(other, Box) and self._shape == other._shape and self.dtype == other.dtype
                and np.array_equal(self.low, other.low) and np.array_equal(self.high, other.high))

    def __repr__(self):
        return f"Box({self.low.min()}, {self.high.max()}, {self._shape}, {self.dtype})"


def box(low, high, shape):
    """gymnasium.spaces.Box when Gymnasium is installed, else orrery.spaces.Box."""
    try:
        from gymnasium.spaces import Box as GymnasiumBox
    except ImportError:
        return Box(low, high, shape, dtype=np.float32)
    return GymnasiumBox(low=low, high=high, shape=shape, dtype=np.float32)
