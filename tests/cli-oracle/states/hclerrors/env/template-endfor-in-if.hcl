values {
  a = "%{ if true }x%{ endfor }"
}
