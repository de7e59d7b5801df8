/**
 * What one server process does (docs/running-several-processes.md). Every process answers
 * GET /healthz; the roles add the rest:
 * - `api`: the REST API, media, the web app and its pages;
 * - `realtime`: Socket.IO (the /ride channel);
 * - `worker`: the job runner, the periodic sweeps (housekeeping, account expiry) and the sample
 *   data. A process without it never runs a job or a sweep; it only enqueues.
 */
export const ROLES = ['api', 'realtime', 'worker'] as const;
export type Role = (typeof ROLES)[number];
export type Roles = Readonly<Record<Role, boolean>>;

/** No flag and no ROLE: one process does everything, as a single-machine install expects. */
export const ALL_ROLES: Roles = { api: true, realtime: true, worker: true };

const isRole = (name: string): name is Role => (ROLES as readonly string[]).includes(name);

/**
 * A comma-separated list ('api,realtime'), case and spaces ignored, as roles; or the problem
 * with it, naming the unknown role, so a typo ('wroker') stops the start instead of silently
 * leaving the jobs to nobody.
 */
export function parseRoles(
  list: string,
): { ok: true; roles: Roles } | { ok: false; problem: string } {
  const names = list
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n.length > 0);
  const unknown = names.find((n) => !isRole(n));
  if (unknown !== undefined) {
    return { ok: false, problem: `unknown role '${unknown}' (the roles are ${ROLES.join(', ')})` };
  }
  if (names.length === 0) {
    return { ok: false, problem: `name at least one of ${ROLES.join(', ')}` };
  }
  const roles = { api: false, realtime: false, worker: false };
  for (const n of names) if (isRole(n)) roles[n] = true;
  return { ok: true, roles };
}

/**
 * The value of `--role=<list>` or `--role <list>` among the command-line arguments (null when
 * absent), or the problem: any other argument is refused, so `--roles=worker` cannot start a
 * process with every role.
 */
export function roleArgument(
  argv: readonly string[],
): { ok: true; value: string | null } | { ok: false; problem: string } {
  let value: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--role=')) value = arg.slice('--role='.length);
    else if (arg === '--role') {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) {
        return { ok: false, problem: '--role needs a list, e.g. --role=api,realtime' };
      }
      value = next;
      i++;
    } else return { ok: false, problem: `unknown argument '${arg}' (the server takes --role)` };
  }
  return { ok: true, value };
}

/**
 * --role over ROLE over every role; a problem starts with the flag or the variable it came
 * from ('ROLE: unknown role ...'), as every configuration error names its setting.
 */
export function resolveRoles(
  argv: readonly string[],
  env: string | undefined,
): { ok: true; roles: Roles } | { ok: false; problem: string } {
  const flag = roleArgument(argv);
  if (!flag.ok) return { ok: false, problem: `--role: ${flag.problem}` };
  const source = flag.value === null ? 'ROLE' : '--role';
  const list = flag.value ?? env;
  if (list === undefined) return { ok: true, roles: ALL_ROLES };
  const parsed = parseRoles(list);
  return parsed.ok ? parsed : { ok: false, problem: `${source}: ${parsed.problem}` };
}

/** The roles as a list, for logs: 'api,realtime'. */
export const roleList = (roles: Roles): string => ROLES.filter((r) => roles[r]).join(',');
