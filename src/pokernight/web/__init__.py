"""The browser table: a FastAPI server that runs matches over the protocol (docs/architecture.md)
and sends each socket only its seat's view, plus the static front end it serves."""
