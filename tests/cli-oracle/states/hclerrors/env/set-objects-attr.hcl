values {
  a = setunion([{b = 1}]).b
}
