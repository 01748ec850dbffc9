"""Research environments over the protocol: a PettingZoo AEC environment for every game
(``rl.aec``) and a Gymnasium one-seat wrapper with the other seats played by named bots
(``rl.single``). Both need the ``rl`` extra: ``pip install -e '.[rl]'`` in a clone."""
