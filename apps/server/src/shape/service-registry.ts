import type { ServiceRegistry } from './server-module.js';
import type { ModuleServices } from './services.js';

/** The registry app.ts hands every module; a name is provided once. */
export function serviceRegistry(): ServiceRegistry {
  const provided = new Map<keyof ModuleServices, ModuleServices[keyof ModuleServices]>();
  return {
    provide(name, service) {
      if (provided.has(name)) throw new Error(`service '${String(name)}' is provided twice`);
      provided.set(name, service);
    },
    need(name) {
      if (!provided.has(name)) {
        throw new Error(
          `service '${String(name)}' is not provided yet: its module must come earlier in src/app-modules.ts`,
        );
      }
      return provided.get(name) as ModuleServices[typeof name];
    },
  };
}
