// An htmx extension for pages that share a socket with pages showing more than they do (the
// floor's tabs all listen to /ws/pit/): out-of-band fragments whose target this page does not
// hold are dropped before htmx swaps them, so no "oobErrorNoTarget" is logged for a region the
// page never shows. Use: hx-ext="ws,present-only" on the socket's element.
// Registered on DOMContentLoaded, ahead of htmx's own processing (this script is deferred and
// loads before htmx, whose listener is added after this one).
(function () {
  "use strict";
  function define() {
    window.htmx.defineExtension("present-only", {
      transformResponse: function (text) {
        if (typeof text !== "string" || text.indexOf("hx-swap-oob") === -1) { return text; }
        var holder = document.createElement("template");
        holder.innerHTML = text;
        var dropped = false;
        Array.prototype.slice.call(holder.content.children).forEach(function (element) {
          var swap = element.getAttribute("hx-swap-oob");
          if (swap === null) { return; }
          var target = swap.indexOf(":") !== -1 ? swap.slice(swap.indexOf(":") + 1) : null;
          var present = target ? document.querySelector(target) : element.id && document.getElementById(element.id);
          if (!present) { element.remove(); dropped = true; }
        });
        return dropped ? holder.innerHTML : text;
      }
    });
  }
  if (window.htmx) { define(); } else { document.addEventListener("DOMContentLoaded", define); }
})();
