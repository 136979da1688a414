/** `chainkit --help`. */
export const MAIN_HELP = `Usage: chainkit <command> [options]

Commands:
  sandbox   start every surface of the service on 127.0.0.1, with demo credentials
  call      call one operation of any spec from the shell
  docs      open, copy or serve the docs portal
  generate  types, validators and a typed client for your own OpenAPI or OpenRPC spec
  mock      a mock server of your own spec, checked against it, with state
  diff      what changed between two versions of a spec: breaking or not, and the semver bump
  proxy     a proxy that checks live traffic against a spec and reports where they disagree
  drift     the proxy's checks over recorded traffic (HAR, or the proxy's NDJSON)
  check     a surface's safe reads, with the spec's examples, against a real service or node

Run chainkit <command> --help for a command's options.`;
