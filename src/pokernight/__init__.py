"""pokernight: a poker house in one package.

The layers point one way: front ends -> games/bots -> engine -> hands -> cards.
"""

__version__ = "0.1.0"
