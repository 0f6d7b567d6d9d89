values {
  a = <<EOT
x
}
