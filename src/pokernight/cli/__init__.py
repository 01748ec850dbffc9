"""The ``pokernight`` command."""
