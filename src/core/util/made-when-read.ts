/**
 * A property whose value is made the first time it is read, then kept as a plain value; writing
 * it first replaces it unmade. For what a decoded record holds but opening need not make.
 */
export function madeWhenRead<T extends object, K extends keyof T>(object: T, key: K, make: () => T[K]): T {
  const settle = (target: T, value: T[K]): T[K] => {
    Object.defineProperty(target, key, { configurable: true, enumerable: true, writable: true, value });
    return value;
  };
  Object.defineProperty(object, key, {
    configurable: true,
    enumerable: true,
    get(this: T) {
      return settle(this, make());
    },
    set(this: T, value: T[K]) {
      settle(this, value);
    },
  });
  return object;
}

/** Whether `key` of `object` holds a value, not one still to be made (madeWhenRead). */
export function isMade<T extends object>(object: T, key: keyof T): boolean {
  return Object.getOwnPropertyDescriptor(object, key)?.get === undefined;
}
