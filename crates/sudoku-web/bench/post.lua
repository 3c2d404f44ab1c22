-- wrk script: POSTs the JSON bodies of the files named in $BODIES (colon-separated),
-- in turn per request, to the path given after the file name as FILE=PATH.
local reqs = {}
for item in string.gmatch(os.getenv("BODIES") or "", "[^:]+") do
  local file, path = string.match(item, "([^=]+)=(.+)")
  local f = assert(io.open(file, "rb"))
  local body = f:read("*a")
  f:close()
  table.insert(reqs, wrk.format("POST", path, { ["Content-Type"] = "application/json" }, body))
end
local i = 0
request = function()
  i = i % #reqs + 1
  return reqs[i]
end
