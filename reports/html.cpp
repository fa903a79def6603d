// The page frame and style sheet of the command's HTML pages (reports/html.hpp).
#include "reports/html.hpp"

#include "spec/clauses.hpp"

namespace onnxsem::reports::html {

const char* const stylesheet =
    R"css(body{font-family:system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fff;line-height:1.45}
nav{background:#24292f;color:#ddd;padding:.5em 1em;font-size:14px}
nav a{color:#fff;margin-right:1em;text-decoration:none}
main{max-width:1150px;margin:0 auto;padding:.5em 1.2em 3em}
h1{font-size:1.6em;margin:.6em 0 .3em}h2{border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:1.6em}
h3{margin:1.2em 0 .3em}a{color:#0550ae}
code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12.5px}
pre{background:#f6f8fa;padding:.5em .7em;overflow-x:auto;border-radius:4px}
table{border-collapse:collapse;margin:.5em 0;font-size:14px}
th,td{border:1px solid #d0d7de;padding:.2em .5em;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n,th.n{text-align:right}td.text{max-width:42em;overflow-wrap:anywhere}
.clause{border-left:4px solid #8c959f;padding:.1em 0 .1em .9em;margin:1em 0}
.clause h3{margin-top:.2em}
.facts{background:#f6f8fa;border-radius:4px;padding:.3em .8em;margin:.5em 0;font-size:14px}
.facts p{margin:.3em 0}
.muted{color:#6e7781}
.pass,.agree{color:#1a7f37}.fail,.error,.differ,.runtime-error,.spec-error,.rejected{color:#cf222e}
.unsupported,.runtime-unsupported,.spec-unsupported{color:#9a6700}
tr.bad td:first-child{border-left:3px solid #cf222e}
.src{font-size:12.5px;line-height:1.35;padding:0}
.src span.l{display:block;white-space:pre;padding:0 .6em}
.src span.l:target{background:#fff8c5}
.src a.ln{display:inline-block;width:4em;color:#8c959f;text-decoration:none;user-select:none}
.src span.note{margin-left:2em;font-family:system-ui,sans-serif;font-size:12px;background:#ddf4ff;border-radius:3px;padding:0 .4em}
.src span.note a{margin-left:.3em}
#search{font-size:17px;padding:.35em .5em;width:min(36em,100%);box-sizing:border-box}
#results li{margin:.15em 0}
details{margin:.4em 0}summary{cursor:pointer}
)css";

std::string page_start(const std::string& title, const std::string& stylesheet_href, const std::string& nav) {
  std::string o = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                  "<link rel=\"icon\" href=\"data:,\"><title>" +
                  spec::html_escape(title) + "</title>";
  if (stylesheet_href.empty()) o += std::string("<style>") + stylesheet + "</style>";
  else o += "<link rel=\"stylesheet\" href=\"" + stylesheet_href + "\">";
  o += "</head><body>\n";
  if (!nav.empty()) o += "<nav>" + nav + "</nav>\n";
  return o + "<main>\n";
}

std::string page_end(const std::string& scripts) { return "</main>\n" + scripts + "</body></html>\n"; }

}  // namespace onnxsem::reports::html
