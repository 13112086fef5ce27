-- wrk script of `npm run bench`: wrk ... -s rotate.lua URL -- <file with one path per line> <first index> [<file with one cookie per line>]
-- Each request asks for the next path of the list (wrapping) and, given a cookie file, as the next
-- shopper of it (many shoppers, each with their own session); at the end one line of JSON with the
-- figures the bench reads: requests, seconds, p50/p95/p99 in ms, errors, bytes.
local paths = {}
local cookies = {}
local n = 0

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  n = tonumber(args[2] or '0') or 0
  if args[3] then
    for line in io.lines(args[3]) do
      if #line > 0 then cookies[#cookies + 1] = line end
    end
  end
end

function request()
  n = n + 1
  if #cookies > 0 then wrk.headers['Cookie'] = cookies[(n % #cookies) + 1] end
  return wrk.format('GET', paths[(n % #paths) + 1])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.6f,"p50":%.3f,"p95":%.3f,"p99":%.3f,"errors":%d,"non2xx":%d,"bytes":%d}\n',
    summary.requests, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    e.connect + e.read + e.write + e.timeout, e.status, summary.bytes))
end
