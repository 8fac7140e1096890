"""Games that live only in the tests: each proves that the shared ground (``tabletop``) takes a
game it has never heard of, through its kind alone. None is registered for learners."""
