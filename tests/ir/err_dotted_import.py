# import a.b (binding a) is refused; import a.b as m works.
# error: 3: error[K0301]: kiln does not support dotted imports (import a.b; use from a import b) yet
import xml.dom
