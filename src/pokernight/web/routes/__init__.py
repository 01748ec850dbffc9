"""The server's routes, one FastAPI router for each thing it serves: ``accounts`` (sign-up,
sign-in, sessions), ``lobby`` (the games, the tables, the page), ``tables`` (a seat, the deal,
the records, the table's socket), ``host`` (the host's panel and commands), ``chat`` and ``tv``
(the room's shared screen). Each route checks who asks and what they sent, then asks the
table (``live.LiveTable``) to carry the command out: the table alone changes its hand, its
chairs and its computers. What every route needs comes from ``server``."""
