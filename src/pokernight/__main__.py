"""``python -m pokernight``: the same command as the ``pokernight`` script."""

from pokernight.cli.main import main

main()
