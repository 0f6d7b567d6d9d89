values {
  # ü comment
  a = "é" + "x" @
}
