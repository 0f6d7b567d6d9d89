values {
  a = "%{ if "x" }y%{ endif }"
}
