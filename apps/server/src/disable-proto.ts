/**
 * No `Object.prototype.__proto__` accessor: the door through which a parsed key
 * `__proto__` could reach every object of the process. `npm start`, the documented commands
 * and the tests start Node with `--disable-proto=delete`; a process started without the
 * flag loses the accessor here, the same way. Without it, `obj.__proto__ = x` makes an own
 * property and changes no prototype. The entry points import this module first.
 * (`--disable-proto=throw` is stricter but breaks dependencies that still touch it, such as
 * the chalk of s3rver's logger.)
 */
if (Object.getOwnPropertyDescriptor(Object.prototype, '__proto__')) Reflect.deleteProperty(Object.prototype, '__proto__');
