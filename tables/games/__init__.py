"""The games, one folder each (docs/architecture.md, "A game's folder").

``tables/games/<game>/`` holds everything of one game: ``engine.py`` (pure Python, the rules;
it registers itself with ``tables.engines.base``), ``presentation.py`` (how it is shown; it
registers itself with ``tables.presentation``), ``history.py`` (its events in words), its
templates (``templates/``, ``jinja2/``), its rules pages, its static files, its strategy and
its engine benchmark. The registries find a game by its folder (``tables.engines.registry``,
``tables.presentation``) and the settings make each folder an app, so adding a game is adding
a folder. This package imports nothing: importing a game's engine imports no Django.
"""
