// The sportsbook's sockets (event page, bet slip, trader's page and list) and the pit's mark their element while connected, so the
// page (and its browser tests) can tell a live page from one still connecting.
(function () {
  "use strict";
  document.addEventListener("htmx:wsOpen", function (event) {
    event.target.dataset.connected = "1";
  });
  document.addEventListener("htmx:wsClose", function (event) {
    delete event.target.dataset.connected;
  });

})();
