"""The house-banked round of boxes (issue 31): the boxes and their stakes (``boxes``), the house
as counter-party (``bank``: its settings, exposure, fees, the round's session hooks) and the
box board's parts (``jinja2/tables/_house.html``), shared by every house-banked game."""
