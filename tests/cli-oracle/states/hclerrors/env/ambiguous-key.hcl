values {
  a = {local.b = 1}
}
