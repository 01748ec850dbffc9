"""The table's layout rules: sized for an 80×24 terminal first, stretching on larger ones."""

TABLE_CSS = """
TableScreen { layout: vertical; }
TableScreen #title { height: 1; background: $primary-darken-2; }
TableScreen #main { height: 1fr; }
TableScreen #felt { width: 1fr; background: #0b3d1f; }
TableScreen .row { height: 1fr; }
TableScreen .seat { width: 1fr; height: 100%; padding: 0 1; }
TableScreen #middle { width: 1fr; height: 100%; content-align: center middle; text-align: center;
    color: $text; }
TableScreen #side { width: 30; }
TableScreen #shorthand { height: auto; border-bottom: solid $primary; }
TableScreen #log { height: 1fr; overflow-x: hidden; scrollbar-size-vertical: 1; }
TableScreen #hand { height: auto; min-height: 1; padding: 0 1; }
TableScreen #results { height: auto; padding: 0 1; background: $panel;
    scrollbar-size-vertical: 1; }
TableScreen #result-lines { height: auto; }
TableScreen #bar { height: auto; min-height: 2; max-height: 7; padding: 0 1;
    background: $panel; }
TableScreen.hand-over #hand { display: none; }
TableScreen.hand-over #bar { min-height: 1; }
"""
