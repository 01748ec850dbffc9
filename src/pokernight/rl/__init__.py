"""Research environments over the protocol: a PettingZoo AEC environment for every game
(``rl.aec``), many tables stepped at once as NumPy arrays (``rl.vector``) and a Gymnasium
one-seat wrapper with the other seats played by named bots (``rl.single``). The first and the
last need the ``rl`` extra: ``pip install -e '.[rl]'`` in a clone."""
