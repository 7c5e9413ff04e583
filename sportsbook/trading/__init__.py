"""The trader's desk: the trader's pages, forms, urls (/trader/) and sockets over the line, the
results, the cancellations, the exchange's markets and the spread assets; and the sportsbook's
open liability the pit boss's floor shows (/floor/liability/)."""
