/* u8t_ exports over CPython's C API: bytes.decode("utf-8", "replace")
 * and "strict".  To test your codec, name it in the two marked lines. */
#include <Python.h>
#include <u8t.h>

__attribute__((constructor)) static void
start(void)
{
	Py_InitializeEx(0); /* no signal handlers of Python's */
}

size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	PyObject *text = PyUnicode_Decode((const char *)s, (Py_ssize_t)n,
	                                  "utf-8", "replace"); /* change */
	Py_ssize_t len = text != NULL ? PyUnicode_GetLength(text) : 0;

	for (Py_ssize_t k = 0; k < len && (size_t)k < cap; k++)
		out[k] = PyUnicode_ReadChar(text, k);
	Py_XDECREF(text);
	return (size_t)len;
}

int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	PyObject *text = PyUnicode_Decode((const char *)s, (Py_ssize_t)n,
	                                  "utf-8", "strict"); /* change */
	PyObject *type, *value, *trace;
	Py_ssize_t start = 0;

	if (text != NULL) {
		Py_DECREF(text);
		return 1;
	}
	PyErr_Fetch(&type, &value, &trace); /* a UnicodeDecodeError */
	if (err != NULL && value != NULL &&
	    PyUnicodeDecodeError_GetStart(value, &start) == 0)
		*err = (size_t)start;
	Py_XDECREF(type);
	Py_XDECREF(value);
	Py_XDECREF(trace);
	return 0;
}
