/**
 * A contract value built on first use (decision 0036). The member site's build wraps the contracts' top-level
 * schemas, and the schemas each endpoint builds, in it (scripts/vite-lazy-contracts.ts), so that loading the site
 * builds none of them: each is built the first time something reads it, usually when the first answer it checks
 * arrives, and those the site never reads are left out of the bundle. The server and the tests use the contracts
 * as written.
 *
 * The stand-in forwards every read, key listing and prototype question to the built value, with the built
 * value as `this` for its getters, so zod schemas and objects of field schemas behave as themselves.
 * Only objects can stand in: a contract value that is not one is a mistake of the transform and throws.
 */
export const lazyContract = <T extends object>(build: () => T): T => {
  let built: T | undefined;
  const value = (): T => {
    if (built === undefined) {
      const made = build();
      if ((typeof made !== 'object' && typeof made !== 'function') || made === null) {
        throw new TypeError('a lazy contract value must be an object');
      }
      built = made;
    }
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = value();
      return Reflect.get(target, key, target);
    },
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    // Reported configurable: the stand-in itself has none of the value's properties, and a proxy may not
    // report a property it lacks as non-configurable.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
    set: (_, key, next) => Reflect.set(value(), key, next),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(value(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(value(), key),
  });
};
