values {
  a = distinct([{b = 1}]).c
}
