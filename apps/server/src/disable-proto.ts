/**
 * No `Object.prototype.__proto__` accessor: the door through which a parsed key
 * `__proto__` could reach every object of the process. `npm start`, the documented commands
 * and the tests start Node with `--disable-proto=throw` (touching it throws); a process
 * started without the flag gets the accessor removed here, as `--disable-proto=delete`
 * does. The entry points import this module first.
 */
const accessor = Object.getOwnPropertyDescriptor(Object.prototype, '__proto__');

function isOpen(): boolean {
  try {
    accessor?.get?.call({});
    return accessor !== undefined;
  } catch {
    return false; // --disable-proto=throw
  }
}

export function protoAccessorDisabled(): boolean {
  return !isOpen();
}

if (isOpen()) {
  Reflect.deleteProperty(Object.prototype, '__proto__');
}
